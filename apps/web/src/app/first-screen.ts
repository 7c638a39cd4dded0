import { categoriesQueryOptions } from '@/features/markets/api/get-categories';
import { sparklinesQueryOptions } from '@/features/markets/api/get-sparklines';
import { tradeListQueryOptions } from '@/features/markets/api/get-trade-list';
import { klineQueryOptions } from '@/features/trade/api/get-kline';
import { getSelectedPair } from '@/lib/selected-pair';
import { readTradeLink, resolveTradePair } from '@/lib/trade-link';
import type { Lang } from '@pipwise/shared';
import { queryClient } from './query-client';

/** The period the trade screen opens on (app/routes/trade.tsx). */
const TRADE_START_PERIOD = '1min';

/**
 * The first screen's data, put into the query cache before the first render, so that
 * render draws the board (or the trade screen's pair) instead of a skeleton and then a
 * second render — on a phone each render of the board is a few hundred ms. The boot
 * script (src/boot.ts) has usually fetched all of it while the framework downloaded;
 * the api client hands those answers over. Waits at most `limitMs`: a slow answer
 * lets the skeleton show first, as before.
 */
export async function prefetchFirstScreen(lang: Lang, limitMs = 400): Promise<void> {
  const path = window.location.pathname;
  const jobs: Promise<void>[] = [];
  if (path === '/' || path === '/trade') jobs.push(queryClient.prefetchQuery(tradeListQueryOptions()));
  if (path === '/trade') {
    // The screen's own code, so its first render draws it rather than suspending on it
    // (a lazy route that suspended is revealed ~300 ms late: app/router.tsx).
    jobs.push(import('./router').then((router) => router.preloadTradePage()).then(() => undefined));
    // The screen's lazy parts, now that the framework is in (the boot script fetched only
    // the screen's own file, which paints the header: app/routes/trade.tsx).
    void import('@/features/trade/components/candle-chart').catch(() => undefined);
    void import('./routes/trade-ticket').catch(() => undefined);
    // The chart's history, as soon as the pair is known: while the screen's code loads.
    void queryClient.fetchQuery(tradeListQueryOptions()).then(
      (pairs) => {
        const { pair } = resolveTradePair(pairs, readTradeLink(window.location.search), getSelectedPair());
        if (pair) void queryClient.prefetchQuery(klineQueryOptions(pair.Id, TRADE_START_PERIOD));
      },
      () => undefined,
    );
  }
  if (path === '/') {
    jobs.push(queryClient.prefetchQuery(sparklinesQueryOptions()));
    jobs.push(queryClient.prefetchQuery(categoriesQueryOptions(lang)));
  }
  if (jobs.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    // A failed download only means the screen loads as it would without this.
    Promise.allSettled(jobs),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs))),
  ]);
  clearTimeout(timer);
}
