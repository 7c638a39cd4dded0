import { systemClock, type Clock } from './price-staleness';
import { subscribeQuote } from './quotes-store';

/**
 * A counter that moves when any of several pairs' quotes moves, at most once per
 * `everyMs`: figures priced over many instruments at once (the order ticket's account, the
 * stop-out price of every position) follow the market without re-rendering for each of
 * the dozens of quotes a DAY_MARKET push carries. The first change after a quiet spell is
 * delivered at once; later ones are gathered until `everyMs` has passed.
 */
export interface QuotesClock {
  get: () => number;
  subscribe: (onChange: () => void) => () => void;
}

export function createQuotesClock(
  codes: readonly string[],
  everyMs: number,
  {
    clock = systemClock,
    watch = subscribeQuote,
  }: { clock?: Clock; watch?: (code: string, fn: () => void) => () => void } = {},
): QuotesClock {
  let version = 0;
  return {
    get: () => version,
    subscribe(onChange) {
      let lastAt = -Infinity;
      let timer: unknown = null;
      const deliver = () => {
        timer = null;
        lastAt = clock.now();
        version += 1;
        onChange();
      };
      const moved = () => {
        if (timer !== null) return;
        const wait = lastAt + everyMs - clock.now();
        if (wait <= 0) deliver();
        else timer = clock.setTimeout(deliver, wait);
      };
      const stops = [...new Set(codes)].map((code) => watch(code, moved));
      return () => {
        for (const stop of stops) stop();
        if (timer !== null) clock.clearTimeout(timer);
      };
    },
  };
}
