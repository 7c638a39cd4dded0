import { LANG_INFO, normalizeLang } from '@pipwise/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMarketTime } from './market-time';

/**
 * (epoch ms) → "Nov 26, 2026, 00:23:33 ET": New York time in the reader's language with
 * the zone named (`common.market_time`). The one date format of the app's screens.
 */
export function useMarketTime(): (ms: number | null | undefined) => string {
  const { t, i18n } = useTranslation();
  const locale = LANG_INFO[normalizeLang(i18n.language)].bcp47;
  return useCallback(
    (ms: number | null | undefined) => {
      const time = formatMarketTime(ms, locale);
      return time === '--' ? time : t('common.market_time', { time });
    },
    [locale, t],
  );
}
