import path from 'node:path';
import type { ServerLog } from '../core/index.js';
import {
  describeEndpoint,
  FixTradeClient,
  sessionKey,
  type FeedAdapter,
  type FixSource,
  type MarketModule,
  type SequenceMedium,
} from '../modules/market/index.js';
import type { TradingModule } from '../modules/trading/index.js';
import {
  fixMarketData,
  subscriptionOf,
  type ClosableFeed,
  type MarketDataOptions,
} from './fix-market-data.js';
import { SilentFeed } from './silent-feed.js';

export interface ProviderSessionsDeps {
  market: MarketModule;
  trading: Pick<TradingModule, 'aBook'>;
  log: ServerLog;
  now: () => number;
  /** Sequence numbers live under DATA_DIR/fix. */
  dataDir: string;
  tickMs: number;
}

/** How the scaled shape's engine runs the sessions (cluster/cluster.ts); the embedded shape gives none. */
export interface ProviderSessionsRole {
  /** What the market takes instead of the provider's feed itself: the engine's publishing feed. */
  publish?: (feed: FeedAdapter) => FeedAdapter;
  /** Where each slot's sequence numbers are kept instead of DATA_DIR/fix: the database. */
  sequences?: (slot: FixSource['slot']) => SequenceMedium;
}

/**
 * The liquidity provider's sessions this process holds (docs/market-data.md "Connecting a
 * provider"): the market data of the `md_primary` and `md_backup` slots and the A-book
 * trading session of `trade`, as operators set them. A saved slot applies at once: the
 * session whose settings changed logs out and logs on again; the others are not touched.
 *
 * Without any market-data slot the board is the simulator's; with slots but none enabled it
 * is priced by nothing (never by invented prices on an install that has a provider). Changes
 * are applied one at a time, in order, so two quick saves never race two sessions.
 */
export class ProviderSessions {
  private marketData: { key: string; feed: ClosableFeed } | undefined;
  private trade: { key: string; client: FixTradeClient } | undefined;
  private queue: Promise<void> = Promise.resolve();
  private running = false;
  private orderTimeoutMs: number | undefined;
  private readonly onChange = () => void this.apply();
  /** The slots as read before start (load), for the first feed. */
  private loaded: FixSource[] = [];
  private role: ProviderSessionsRole = {};

  constructor(private readonly deps: ProviderSessionsDeps) {}

  /** FEED=replay (main.ts): the market-data slots are kept but the replay prices the board. */
  replayPricesTheBoard(): void {
    this.deps.market.sources.reach = { ...this.deps.market.sources.reach, feedEnv: 'replay' };
  }

  /** FIX_ORDER_TIMEOUT_MS: how long a trader waits for the provider's answer (set before start). */
  setOrderTimeout(ms: number): void {
    this.orderTimeoutMs = ms;
  }

  /** The A-book desk's settings for a venue: the trader's wait, when one was configured. */
  venueOptions(): { timeoutMs?: number } {
    return this.orderTimeoutMs === undefined ? {} : { timeoutMs: this.orderTimeoutMs };
  }

  /** Reads the slots, for `firstFeed` (createServer; again after the environment wrote them). */
  async load(): Promise<void> {
    this.loaded = await this.deps.market.sources.list();
  }

  /** At start (main.ts): writes the slots FIX_*_URL set, then reads every slot again. */
  async writeEnvironment(
    given: Parameters<MarketModule['sources']['writeFromEnvironment']>[0],
  ): Promise<void> {
    await this.deps.market.sources.writeFromEnvironment(given);
    await this.load();
  }

  /**
   * The feed the market starts on (startServer), built from the loaded slots: so a process
   * with a provider never prices from the simulator, not even for its first tick. Undefined:
   * the simulator (no market-data slot, or a replay).
   */
  firstFeed(): ClosableFeed | undefined {
    if (this.deps.market.sources.reach.feedEnv === 'replay') return undefined;
    const slot = (name: FixSource['slot']) => this.loaded.find((s) => s.slot === name);
    const primary = slot('md_primary');
    const backup = slot('md_backup');
    if (!primary && !backup) return undefined;
    const feed = this.marketDataFeed(primary, backup);
    this.marketData = { key: this.marketDataKey(primary, backup), feed };
    return feed;
  }

  /**
   * The scaled shape (cluster/cluster.ts, at join): whichever instance becomes the engine
   * publishes the provider's feed to the others and keeps sequence numbers in the database.
   */
  runScaled(role: ProviderSessionsRole): void {
    this.role = role;
  }

  /** Connects what the slots say and follows every change of them or of the instruments. */
  start(): Promise<void> {
    const { sources, service } = this.deps.market;
    // The first feed had every source disabled: nothing vouches for a price.
    if (this.marketData?.feed instanceof SilentFeed) service.feedLost(this.marketData.feed);
    this.running = true;
    sources.reach = { ...sources.reach, canConnect: true };
    sources.tradeSession = () => this.trade?.client.describe();
    sources.events.on('changed', this.onChange);
    // A provider symbol edited in the back office: the subscription follows.
    service.events.on('config', this.onChange);
    return this.apply();
  }

  /** Applies the stored slots now (queued behind any change still being applied). */
  apply(): Promise<void> {
    this.queue = this.queue
      .then(() => this.applyNow())
      .catch((err: unknown) =>
        this.deps.log.error({ err }, 'provider sessions: applying the settings failed'),
      );
    return this.queue;
  }

  /** The trading session this process holds, if any (the scaled engine serves it to the others). */
  tradeVenue(): FixTradeClient | undefined {
    return this.trade?.client;
  }

  /**
   * Logs every session out and waits until they have ended: after the changes still being
   * applied, so a start that follows (the engine elected again) never meets a half-closed one.
   */
  async stop(): Promise<void> {
    const { sources, service } = this.deps.market;
    this.running = false;
    sources.events.off('changed', this.onChange);
    service.events.off('config', this.onChange);
    sources.tradeSession = () => undefined;
    this.queue = this.queue
      .then(async () => {
        await this.replaceTrade(undefined, 'none');
        await this.marketData?.feed.close();
        this.marketData = undefined;
      })
      .catch((err: unknown) => this.deps.log.error({ err }, 'provider sessions: closing failed'));
    await this.queue;
  }

  private async applyNow(): Promise<void> {
    if (!this.running) return;
    const all = await this.deps.market.sources.list();
    const slot = (name: FixSource['slot']) => all.find((s) => s.slot === name);
    const trade = slot('trade');
    const tradeKey = trade?.enabled ? sessionKey(trade) : 'none';
    if (tradeKey !== (this.trade?.key ?? 'none'))
      await this.replaceTrade(trade?.enabled ? trade : undefined, tradeKey);
    if (this.deps.market.sources.reach.feedEnv === 'replay') return;
    await this.applyMarketData(slot('md_primary'), slot('md_backup'));
  }

  private async replaceTrade(source: FixSource | undefined, key: string): Promise<void> {
    const { aBook } = this.deps.trading;
    const old = this.trade;
    this.trade = undefined;
    if (old) {
      aBook.dropVenue();
      await old.client.close();
    }
    if (!source) {
      if (old) this.deps.log.info('FIX trading: session removed, A-book orders are refused');
      return;
    }
    const client = new FixTradeClient({
      endpoint: source.endpoint,
      storeDir: path.join(this.deps.dataDir, 'fix', 'trade'),
      ...(this.role.sequences ? { sequences: this.role.sequences('trade') } : {}),
      ...source.credentials,
      now: this.deps.now,
      log: this.deps.log,
    });
    aBook.useVenue(client, this.venueOptions());
    client.start();
    this.trade = { key, client };
    this.deps.log.info(
      { endpoint: describeEndpoint(source.endpoint) },
      'FIX trading: connecting to the provider',
    );
  }

  private marketDataKey(primary: FixSource | undefined, backup: FixSource | undefined): string {
    return [primary, backup]
      .map((s) => (s ? `${sessionKey(s)}|${s.enabled ? subscriptionOf(this.deps.market, s) : ''}` : 'none'))
      .join(' / ');
  }

  /** The provider's feed of these slots, or a silent one when neither is enabled. */
  private marketDataFeed(primary: FixSource | undefined, backup: FixSource | undefined): ClosableFeed {
    const options: MarketDataOptions = {
      tickMs: this.deps.tickMs,
      log: this.deps.log,
      dataDir: this.deps.dataDir,
      now: this.deps.now,
      sequences: this.role.sequences,
    };
    const feed = fixMarketData(this.deps.market, { primary, backup }, options);
    if (!feed) {
      this.deps.log.error('market data: every provider session is disabled, no price is live');
      return new SilentFeed(this.deps.tickMs);
    }
    this.deps.log.info(
      {
        primary: primary?.enabled ? describeEndpoint(primary.endpoint) : null,
        backup: backup?.enabled ? describeEndpoint(backup.endpoint) : null,
      },
      'FIX market data: connecting to the provider',
    );
    return feed;
  }

  private async applyMarketData(
    primary: FixSource | undefined,
    backup: FixSource | undefined,
  ): Promise<void> {
    const { market } = this.deps;
    const key = this.marketDataKey(primary, backup);
    if (key === (this.marketData?.key ?? this.marketDataKey(undefined, undefined))) return;
    const old = this.marketData;
    this.marketData = undefined;
    // Logged out before the next session logs on under the same CompIDs.
    if (old) await old.feed.close();
    if (!primary && !backup) {
      // No provider left: the simulator continues from the last prices (a demo-only install).
      market.service.switchFeed(this.published(market.makeFeed(market.service.savedMids())));
      this.deps.log.info('market data: no provider set, the simulator prices the board');
      return;
    }
    const feed = this.marketDataFeed(primary, backup);
    this.marketData = { key, feed };
    market.service.switchFeed(this.published(feed));
    if (feed instanceof SilentFeed) market.service.feedLost(feed);
  }

  /** The feed as the market takes it: scaled, the engine's publishing feed around it. */
  private published(feed: FeedAdapter): FeedAdapter {
    return this.role.publish ? this.role.publish(feed) : feed;
  }
}
