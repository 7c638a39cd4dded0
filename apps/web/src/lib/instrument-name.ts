import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * How an instrument is named on screen: a short symbol that always fits (EUR/USD, XAU/USD,
 * US30, USOIL) and its name in the reader's language under it (`instrument.<Code>` in the
 * locales: "Gold", "黃金", "Dow Jones 30" …). Operators may add instruments the locales do
 * not name yet: their display code stands in.
 */
interface Named {
  Code: string;
  ShowCode: string;
}

/** Display codes longer than this, or with spaces ("Dow Jones 30"), are names, not symbols. */
const SYMBOL_MAX = 9;

/** The short symbol: the display code when it is one (EUR/USD), else the code (US30). */
export function pairSymbol(pair: Named): string {
  const show = pair.ShowCode.trim();
  return show && !/\s/.test(show) && show.length <= SYMBOL_MAX ? show : pair.Code;
}

/**
 * The symbol of a pair known only by its code (a notice, an alert): from the trade list
 * when it holds the pair, else the code itself.
 */
export function symbolOfCode(pairs: readonly Named[] | undefined, code: string): string {
  const pair = pairs?.find((p) => p.Code === code);
  return pair ? pairSymbol(pair) : code;
}

/** `instrument.<Code>`: where the locales keep an instrument's name. */
export const instrumentKey = (code: string) => `instrument.${code}`;

/**
 * (pair) → its name in the current language, else its display code when that is not the
 * symbol already shown, else "" (nothing to add under the symbol).
 */
export function useInstrumentName(): (pair: Named) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (pair: Named) => {
      const key = instrumentKey(pair.Code);
      if (i18n.exists(key)) return t(key as 'instrument.EURUSD');
      return pairSymbol(pair) === pair.ShowCode ? '' : pair.ShowCode;
    },
    // t changes identity with the language, so names follow a language switch.
    [t, i18n],
  );
}
