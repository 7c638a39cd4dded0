import type { DomainEvent } from '../core/domain-events.js';
import type { SessionRevocation } from '../modules/auth/index.js';
import type { FeedAdapter, FixSource } from '../modules/market/index.js';
import { startJobs, type Server } from '../app.js';
import { databaseSequences } from '../modules/market/index.js';
import { PublishingFeed, RemoteFeed } from './feeds.js';
import { LeaderElection } from './leader.js';
import { CHANNELS, RedisBridge } from './redis-bridge.js';
import { VenueLink } from './venue-link.js';

export type InstanceRole = 'all' | 'api' | 'engine';

export interface ClusterOptions {
  redisUrl: string;
  databaseUrl: string;
  instanceId: string;
  /** `api` never runs the engine; `engine` and `all` stand for election. */
  role: InstanceRole;
  /** How often a standby tries to become the engine (and the engine checks its lock). */
  electionRetryMs: number;
  /** Keeps clusters that share one Redis apart (tests); empty in production. */
  channelPrefix?: string;
}

/** What instances tell each other besides events and ticks. */
type ControlMessage =
  | { kind: 'settings'; key: string }
  | { kind: 'instruments' }
  /** An operator edited trading groups or caps: the risk levels are read again. */
  | { kind: 'groups' }
  /** An operator saved a provider slot: the engine applies it. */
  | { kind: 'providers' }
  | { kind: 'sessions'; revocation: SessionRevocation }
  /** A trader's inbox changed: their sockets, wherever they are, are told. */
  | { kind: 'notice'; userId: number; written: boolean };

export interface Cluster {
  bridge: RedisBridge;
  election: LeaderElection | undefined;
  stop(): Promise<void>;
}

/**
 * Runs this instance in the scaled shape (docs/architecture.md "Scaled shape"): committed
 * changes, ticks, settings and session ends travel between instances over Redis; at most
 * one instance — the elected engine — runs the feed, writes candles and acts on triggers;
 * the others follow its ticks. Any gap in what Redis delivered makes every socket here
 * re-fetch its state.
 */
export async function joinCluster(server: Server, options: ClusterOptions): Promise<Cluster> {
  const { candles, hub } = server;
  const { events, settings, log } = server.core;
  const { engine, risk, aBook } = server.trading;
  const { providers } = server;
  const sources = server.market.sources;
  const market = server.market.service;
  const { sessions } = server.auth;
  const bridge = new RedisBridge(options.redisUrl, options.instanceId, log, options.channelPrefix ?? '');
  await bridge.start();

  // Committed changes: ours go out, theirs come in (the index and the pushes follow both).
  events.subscribe((event, remote) => {
    if (!remote) bridge.publish(CHANNELS.events, event);
  });
  bridge.on(CHANNELS.events, (data) => events.publish(data as DomainEvent, true));

  // Settings, instrument edits and ended sessions reach every instance at once.
  const control = (message: ControlMessage) => bridge.publish(CHANNELS.control, message);
  settings.events.on('changed', (key) => control({ kind: 'settings', key }));
  market.events.on('config', () => control({ kind: 'instruments' }));
  server.trading.groups.events.on('changed', () => control({ kind: 'groups' }));
  sources.events.on('changed', () => control({ kind: 'providers' }));
  sessions.events.on('revoked', (revocation) => {
    if (!revocation.remote) control({ kind: 'sessions', revocation });
  });
  server.inbox.bus.subscribe((userId, written, remote) => {
    if (!remote) control({ kind: 'notice', userId, written });
  });
  bridge.on(CHANNELS.control, (data) => {
    const message = data as ControlMessage;
    if (message.kind === 'settings') {
      settings.invalidate();
      risk.refreshLevels();
    } else if (message.kind === 'groups') {
      server.trading.terms.invalidate();
      risk.refreshLevels();
    } else if (message.kind === 'instruments') {
      void server.market.reloadInstruments();
    } else if (message.kind === 'providers') {
      // Only the engine runs the sessions; elsewhere this does nothing.
      void providers.apply();
    } else if (message.kind === 'sessions') {
      sessions.events.emit('revoked', { ...message.revocation, remote: true });
    } else if (message.kind === 'notice') {
      server.inbox.bus.announce(message.userId, message.written, true);
    }
  });
  // Something was lost between instances: sockets re-fetch, and the index catches up with
  // the database now rather than at the next reconcile pass (docs/architecture.md).
  bridge.onGap(() => {
    hub.resyncAll();
    // A settings or group edit's message may be among those lost: read them afresh, and keep
    // reads again (the link is back: the next edit will be heard of).
    settings.keepReads(true);
    server.trading.terms.keepReads(true);
    risk.refreshLevels();
    engine
      .reconcile({ afterGap: true })
      .catch((err: unknown) => log.error({ err }, 'engine reconcile after a gap failed'));
  });

  // Until elected, this instance follows the engine's ticks and acts on nothing.
  // The engine steps as this instance's own simulator would (one SIM_TICK_MS per cluster).
  const remoteFeed = new RemoteFeed(bridge, server.market.feed.heartbeatMs);
  // Following the engine's ticks and cut off from them: stop pricing at once.
  bridge.onLinkLost(() => market.feedLost(remoteFeed));
  // Deaf to the others' edits: settings and group terms are read for each use until the link
  // is back (docs/trading-groups.md "Terms an order keeps") — the engine, which goes on
  // trading on its own feed, included.
  bridge.onLinkLost(() => {
    settings.keepReads(false);
    server.trading.terms.keepReads(false);
  });
  engine.standBy();
  candles.setPersisting(false);
  market.start(remoteFeed);
  // The provider's sessions are the engine's; the others forward A-book orders to it and show
  // its sessions on the feeds page (docs/execution.md "In the scaled shape").
  const venues = new VenueLink(bridge, server.core.now);
  const scaledRole = {
    publish: (feed: FeedAdapter) => new PublishingFeed(feed, bridge),
    sequences: (slot: FixSource['slot']) => databaseSequences(server.core.db, slot, server.core.now),
  };
  providers.runScaled(scaledRole);
  const followTheEngine = () => {
    aBook.useVenue(venues.remote, { ...providers.venueOptions(), recovers: false });
    sources.tradeSession = () => venues.engineSession();
  };
  sources.reach = { ...sources.reach, canConnect: true };
  followTheEngine();
  candles.start();
  hub.start();

  let election: LeaderElection | undefined;
  if (options.role !== 'api') {
    election = new LeaderElection(
      {
        url: options.databaseUrl,
        holder: options.instanceId,
        db: server.core.db,
        retryMs: options.electionRetryMs,
        log,
      },
      {
        elected: async (epoch) => {
          // The provider slots as stored now, read before acting: the feed below then starts
          // in the same turn as the engine takes over, as with no provider.
          await providers.stop();
          await providers.load();
          // Rebuild the index from the database first: what happened while no engine acted.
          await engine.load();
          engine.takeOver(epoch);
          // A new engine proves the books it inherits (docs/money.md "Double-entry books").
          void server.books
            .check('takeover')
            .catch((err: unknown) => log.error({ err }, 'books check failed to run'));
          // A rollover the last engine died in is finished now (docs/money.md "The rollover").
          server.trading.rollover.kick();
          candles.setPersisting(true);
          // The provider's sessions, resumed from the sequence numbers the last engine stored.
          const first = providers.firstFeed() ?? server.market.makeFeed(market.savedMids());
          market.switchFeed(scaledRole.publish(first));
          aBook.dropVenue();
          await providers.start();
          venues.serve(() => providers.tradeVenue());
        },
        deposed: () => {
          engine.standBy();
          candles.setPersisting(false);
          venues.stopServing();
          market.switchFeed(remoteFeed);
          void providers.stop().then(followTheEngine);
        },
      },
    );
    election.start();
  }
  const stopJobs = startJobs(server);

  return {
    bridge,
    election,
    async stop() {
      stopJobs();
      await election?.stop();
      venues.close();
      await bridge.stop();
    },
  };
}
