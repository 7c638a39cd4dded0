import {
  ASSET_CLASSES,
  defaultAssetClass,
  MARKET_SESSIONS,
  type AdminInstrument,
  type AssetClass,
  type MarketSession,
} from '@pipwise/shared';
import type { TFunction } from 'i18next';
import type { Option } from '@/components/crud/types';

/**
 * The asset classes the retail leverage caps key on (docs/trading-groups.md): what each is
 * called, and which one an instrument falls in by its market when no operator set one.
 */

/** "Major currency pairs", "Gold" … */
export const assetClassText = (t: TFunction, assetClass: AssetClass): string =>
  t(`admin_groups.class_${assetClass}`);

/** What a class holds, where its name alone does not say (the majors); otherwise null. */
export function assetClassHelp(t: TFunction, assetClass: AssetClass): string | null {
  if (assetClass === 'fx_major') return t('admin_groups.class_fx_major_help');
  if (assetClass === 'index_major') return t('admin_groups.class_index_major_help');
  return null;
}

const isSession = (session: string): session is MarketSession =>
  (MARKET_SESSIONS as readonly string[]).includes(session);

/**
 * The class the instrument's market gives it: the server's effective class while no
 * operator set one, else the shared rule (by market, currencies and code); null when the
 * market is one the rule does not know.
 */
export function marketAssetClass(
  i: Pick<
    AdminInstrument,
    'asset_class' | 'asset_class_set' | 'code' | 'session' | 'base_currency' | 'quote_currency'
  >,
): AssetClass | null {
  if (i.asset_class_set === '') return i.asset_class;
  if (!isSession(i.session)) return null;
  return defaultAssetClass({
    code: i.code,
    session: i.session,
    baseCurrency: i.base_currency,
    quoteCurrency: i.quote_currency,
  });
}

/** The instrument editor's choices: its market's default first (naming the class), then each class. */
export function assetClassOptions(
  t: TFunction,
  i: Parameters<typeof marketAssetClass>[0],
): Option<'' | AssetClass>[] {
  const byMarket = marketAssetClass(i);
  return [
    {
      value: '',
      label: byMarket
        ? t('admin_groups.class_default', { class: assetClassText(t, byMarket) })
        : t('admin_groups.class_default_plain'),
    },
    ...ASSET_CLASSES.map((c) => ({ value: c, label: assetClassText(t, c) })),
  ];
}
