import path from 'node:path';
import type { ServerLog } from '../core/index.js';
import {
  FailoverFeed,
  FixFeed,
  fixInstrumentsOf,
  type FeedAdapter,
  type FixSource,
  type MarketModule,
  type SequenceMedium,
} from '../modules/market/index.js';

/** With a backup source, an instrument not quoted for this long moves to the other source, ms. */
export const FAILOVER_STALE_MS = 5_000;

/** A feed this layer made and must end: `close` logs out and waits for the session to end. */
export type ClosableFeed = FeedAdapter & { close(): Promise<void> };

export interface MarketDataOptions {
  tickMs: number;
  log: ServerLog;
  dataDir: string;
  now: () => number;
  /** Where each slot's sequence numbers are kept instead of under DATA_DIR/fix (scaled: the database). */
  sequences?: ((slot: FixSource['slot']) => SequenceMedium) | undefined;
}

/**
 * The instruments a market-data session subscribes and the symbols it asks for: what a
 * change of must log the session on again (a provider symbol edited in the back office).
 */
export function subscriptionOf(market: MarketModule, source: FixSource): string {
  return subscribed(market, source)
    .map((i) => `${i.code}=${i.symbol}`)
    .join(',');
}

/** The source's instruments (every one when it names none) with their provider symbols. */
function subscribed(market: MarketModule, source: FixSource) {
  const instruments = market.service.listInstruments();
  const overrides = new Map(
    instruments.flatMap((i) => (i.providerSymbol ? [[i.code, i.providerSymbol]] : [])),
  );
  const wanted =
    source.instruments.length === 0
      ? instruments
      : instruments.filter((i) => source.instruments.includes(i.code));
  return fixInstrumentsOf(wanted, overrides);
}

/**
 * Quotes from the provider's market-data sessions (docs/market-data.md "FIX market data",
 * "Primary and backup"): from the primary alone, or with a backup each instrument from the
 * primary while it is good and from the backup otherwise. Sequence numbers are kept under
 * DATA_DIR/fix (the backup's under fix/backup), or where `sequences` says (the scaled shape). The saved quotes seed the jump check, so a
 * first price far from the last known one is not taken on trust. Undefined when neither
 * source is enabled: the caller prices nothing then.
 */
export function fixMarketData(
  market: MarketModule,
  sources: { primary?: FixSource | undefined; backup?: FixSource | undefined },
  options: MarketDataOptions,
): ClosableFeed | undefined {
  const instruments = market.service.listInstruments();
  const lastQuotes = new Map(
    instruments.flatMap((i) => {
      const q = market.service.liveQuote(i.id);
      return q ? [[i.id, { bid: q.bid, ask: q.ask }] as const] : [];
    }),
  );
  const primary = sources.primary?.enabled ? sources.primary : undefined;
  const backup = sources.backup?.enabled ? sources.backup : undefined;
  const storeDir = path.join(options.dataDir, 'fix');
  const open = (source: FixSource, dir: string, withBackup: boolean, onLinkDown: () => void) =>
    new FixFeed({
      endpoint: source.endpoint,
      ...(options.sequences ? { sequences: options.sequences(source.slot) } : {}),
      // With a backup, a source silent on an instrument for 5 s hands it over (not 30 s).
      ...(withBackup ? { staleAfterMs: FAILOVER_STALE_MS } : {}),
      instruments: subscribed(market, source),
      storeDir: dir,
      heartbeatMs: options.tickMs,
      lastQuotes,
      ...source.credentials,
      now: options.now,
      log: options.log,
      onLinkDown,
    });
  const only = primary ?? backup;
  if (!only) return undefined;
  if (!primary || !backup) {
    const feed: FixFeed = open(only, only === primary ? storeDir : path.join(storeDir, 'backup'), false, () =>
      market.service.feedLost(feed),
    );
    return feed;
  }
  // One source's link down is not the feed's: prices are lost only when the other is down too.
  const lost = (other: () => FixFeed) => () => {
    if (other().status().session !== 'live') market.service.feedLost(feed);
  };
  const first: FixFeed = open(
    primary,
    storeDir,
    true,
    lost(() => second),
  );
  const second: FixFeed = open(
    backup,
    path.join(storeDir, 'backup'),
    true,
    lost(() => first),
  );
  const feed: FailoverFeed = new FailoverFeed({
    primary: first,
    backup: second,
    instruments,
    now: options.now,
    log: options.log,
  });
  return feed;
}
