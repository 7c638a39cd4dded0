import { Redis } from 'ioredis';

/** The channels instances talk on (docs/architecture.md "Scaled shape"). */
export const CHANNELS = {
  /** Committed changes of money and orders (DomainEvents). */
  events: 'pipwise:events',
  /** The engine's quote ticks. */
  ticks: 'pipwise:ticks',
  /** Settings changed, sessions ended, instruments edited. */
  control: 'pipwise:control',
  /** A-book orders forwarded to the engine's trading session, its answers and its state. */
  venue: 'pipwise:venue',
} as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];
/**
 * Channels whose lost messages nobody resynchronises from: a lost forwarded order times out
 * and is asked about by the engine (docs/execution.md "In the scaled shape").
 */
const NO_GAP_CHANNELS: ReadonlySet<Channel> = new Set([CHANNELS.venue]);

interface Envelope {
  /** The instance that sent it. */
  origin: string;
  /** Per origin and channel, +1 each message: a jump is a lost message. */
  seq: number;
  data: unknown;
}

export interface BridgeLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Redis pub/sub between the instances. Redis delivers at most once, so each message
 * carries its sender's sequence number per channel; a jump, or a reconnection of the
 * subscriber (messages published meanwhile are gone), is reported as a gap so whoever
 * relies on the stream can resynchronise from the database.
 */
export class RedisBridge {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly seqOut = new Map<Channel, number>();
  private readonly seqIn = new Map<string, number>();
  private readonly handlers = new Map<Channel, (data: unknown, origin: string) => void>();
  private readonly gapListeners = new Set<(reason: string) => void>();
  private readonly linkLostListeners = new Set<() => void>();
  private connectedOnce = false;
  /** Messages published, received and lost, for the reliability figures. */
  readonly stats = { published: 0, received: 0, gaps: 0 };

  constructor(
    url: string,
    readonly instanceId: string,
    private readonly log: BridgeLog,
    /** Prepended to channel names: clusters sharing one Redis stay apart. */
    private readonly prefix = '',
  ) {
    // Commands wait for a connection rather than fail at once; a lost message is a gap.
    this.pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
    this.sub.on('message', (channel: string, text: string) =>
      this.receive(channel.slice(this.prefix.length) as Channel, text),
    );
    this.sub.on('ready', () => {
      if (this.connectedOnce) this.gap('redis reconnected');
      this.connectedOnce = true;
    });
    // The subscriber's connection closed: nothing from other instances arrives until it is back.
    this.sub.on('close', () => {
      if (this.connectedOnce) for (const listener of this.linkLostListeners) listener();
    });
    for (const client of [this.pub, this.sub])
      client.on('error', (err: Error) => this.log.error({ err: err.message }, 'redis connection error'));
  }

  /** Both connections are up (ioredis `ready`): what /ready checks in the scaled shape. */
  get connected(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready';
  }

  async start(): Promise<void> {
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    await this.sub.subscribe(...Object.values(CHANNELS).map((c) => this.prefix + c));
  }

  async stop(): Promise<void> {
    this.sub.disconnect();
    this.pub.disconnect();
    await Promise.resolve();
  }

  /** Sends to every other instance (this one is never told its own messages). */
  publish(channel: Channel, data: unknown): void {
    const seq = (this.seqOut.get(channel) ?? 0) + 1;
    this.seqOut.set(channel, seq);
    const envelope: Envelope = { origin: this.instanceId, seq, data };
    this.stats.published += 1;
    this.pub.publish(this.prefix + channel, JSON.stringify(envelope)).catch((err: unknown) => {
      // Lost on the way out: the receivers will see the jump in `seq`.
      this.log.error({ err, channel }, 'redis publish failed');
    });
  }

  /** The one handler of a channel's messages from other instances. */
  on(channel: Channel, handler: (data: unknown, origin: string) => void): void {
    this.handlers.set(channel, handler);
  }

  /** Called as soon as this instance stops hearing the others (the subscriber's link closed). */
  onLinkLost(listener: () => void): void {
    this.linkLostListeners.add(listener);
  }

  /** Called when messages may have been lost. */
  onGap(listener: (reason: string) => void): void {
    this.gapListeners.add(listener);
  }

  private receive(channel: Channel, text: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (envelope.origin === this.instanceId) return;
    this.stats.received += 1;
    const key = `${channel}|${envelope.origin}`;
    const last = this.seqIn.get(key);
    this.seqIn.set(key, envelope.seq);
    // A restarted instance starts again at 1; anything else that does not follow is a loss.
    if (
      last !== undefined &&
      envelope.seq !== last + 1 &&
      envelope.seq !== 1 &&
      !NO_GAP_CHANNELS.has(channel)
    )
      this.gap(`lost ${channel} messages`);
    try {
      this.handlers.get(channel)?.(envelope.data, envelope.origin);
    } catch (err) {
      this.log.error({ err, channel }, 'redis message handler failed');
    }
  }

  private gap(reason: string): void {
    this.stats.gaps += 1;
    this.log.info({ reason }, 'realtime stream gap: clients resynchronise');
    for (const listener of this.gapListeners) listener(reason);
  }
}
