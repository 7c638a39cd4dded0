import { useTranslation } from 'react-i18next';

/**
 * Keys the web app needs that are not in packages/locales yet. They are proposed, with
 * this English text, in packages/locales/pending-web.json; until the translators merge
 * them, i18next shows this text as the default value. Once merged, replace `tp(key)` by
 * `t(key)` and delete the entry here.
 */
export const PENDING_TEXT = {
  'home.load_failed': 'Prices could not be loaded',
  'common.back': 'Back',
} as const;

export type PendingKey = keyof typeof PENDING_TEXT;

type LooseT = (key: string, options: { defaultValue: string }) => string;

/** `t` for pending keys: translated when the key exists, English default otherwise. */
export function usePendingT(): (key: PendingKey) => string {
  const { t } = useTranslation();
  const loose = t as unknown as LooseT;
  return (key) => loose(key, { defaultValue: PENDING_TEXT[key] });
}
