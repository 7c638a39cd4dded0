import { randomUUID } from 'node:crypto';
import type {
  ExecutionVenue,
  TradeSessionStatus,
  VenueOrder,
  VenueOutcome,
} from '../modules/market/index.js';
import { CHANNELS, type RedisBridge } from './redis-bridge.js';

/** The engine's trading session, as the instance holding it serves it. */
export interface HeldVenue extends ExecutionVenue {
  describe(): TradeSessionStatus;
}

type StatusOrder = Pick<VenueOrder, 'clOrdId' | 'symbol' | 'side'>;

/** What travels on the venue channel. */
type VenueMessage =
  /** The engine, every second: whether its trading session can take an order now. */
  | { kind: 'state'; live: boolean; session?: TradeSessionStatus }
  /** An instance to the engine `to`: send this order, answer with its outcome. */
  | { kind: 'execute'; to: string; id: string; order: VenueOrder; timeoutMs: number }
  /** An instance to the engine `to`: ask where this order stands. */
  | { kind: 'status'; to: string; id: string; order: StatusOrder; timeoutMs: number }
  /** The engine's answer to request `id` of instance `to`. */
  | { kind: 'outcome'; to: string; id: string; outcome: VenueOutcome };

/** How often the engine says whether its trading session is live, ms. */
const STATE_EVERY_MS = 1_000;
/** An engine not heard from for this long has no live session as far as we know, ms. */
const STATE_STALE_MS = 3_000;
/** Beyond the engine's own wait: the way there and back over Redis, ms. */
const ANSWER_MARGIN_MS = 1_500;

/**
 * A-book orders in the scaled shape (docs/execution.md "In the scaled shape"): only the
 * engine's instance holds the provider's trading session, so the others forward their
 * traders' orders to it over Redis and wait for the outcome; the trader's transactions —
 * the order written `sent` before, its fill booked after — stay on the instance the trader
 * reached.
 *
 * Requests are addressed to the engine that last said it holds a live session, and only
 * that instance answers: two instances never send the same order. A request or an answer
 * lost on the way is an order whose outcome is not known when the trader's wait ends: it is
 * `timed_out` as in one process, and the engine asks the provider about it at its next
 * sweep (a fill found then is recorded `unbooked`, never lost).
 */
export class VenueLink {
  /** The engine as last heard: its instance, whether its session is live, when. */
  private engine: { id: string; live: boolean; session?: TradeSessionStatus; at: number } | undefined;
  private readonly waiting = new Map<string, (outcome: VenueOutcome) => void>();
  private held: (() => HeldVenue | undefined) | undefined;
  private stateTimer: NodeJS.Timeout | undefined;

  /** This instance's side of the link: an ExecutionVenue that forwards to the engine. */
  readonly remote: ExecutionVenue;

  constructor(
    private readonly bridge: RedisBridge,
    private readonly now: () => number = Date.now,
  ) {
    bridge.on(CHANNELS.venue, (data, origin) => this.receive(data as VenueMessage, origin));
    this.remote = {
      isLive: (now = this.now()) => this.engineLive(now),
      execute: (order, timeoutMs) => this.ask({ kind: 'execute', order, timeoutMs }),
      status: (order, timeoutMs) => this.ask({ kind: 'status', order, timeoutMs }),
      // The engine books reports nobody waits for and asks about orders at its logons.
      onUnsolicited: () => undefined,
      onLoggedOn: () => undefined,
    };
  }

  /** The engine's trading session as it last described it (the feeds page elsewhere). */
  engineSession(): TradeSessionStatus | undefined {
    return this.engine?.session;
  }

  /**
   * This instance became the engine: it answers requests with the session `venue` gives
   * (none: refused as not configured) and says every second whether it is live.
   */
  serve(venue: () => HeldVenue | undefined): void {
    this.held = venue;
    this.engine = undefined;
    clearInterval(this.stateTimer);
    const sayState = () => {
      const held = venue();
      this.bridge.publish(CHANNELS.venue, {
        kind: 'state',
        live: held?.isLive() ?? false,
        ...(held ? { session: held.describe() } : {}),
      } satisfies VenueMessage);
    };
    sayState();
    this.stateTimer = setInterval(sayState, STATE_EVERY_MS);
    this.stateTimer.unref();
  }

  /** No longer the engine: requests are for whoever is. */
  stopServing(): void {
    clearInterval(this.stateTimer);
    this.stateTimer = undefined;
    this.held = undefined;
  }

  /** Stops: requests still waited for end as unknown. */
  close(): void {
    this.stopServing();
    for (const settle of this.waiting.values()) settle(unknown('this instance is stopping'));
  }

  private engineLive(now: number): boolean {
    const engine = this.engine;
    return engine !== undefined && engine.live && now - engine.at <= STATE_STALE_MS;
  }

  private ask(
    request:
      | { kind: 'execute'; order: VenueOrder; timeoutMs: number }
      | { kind: 'status'; order: StatusOrder; timeoutMs: number },
  ): Promise<VenueOutcome> {
    const engine = this.engine;
    if (!engine || !this.engineLive(this.now()))
      return Promise.resolve(unknown('no engine with a live trading session'));
    const id = randomUUID();
    return new Promise<VenueOutcome>((resolve) => {
      const timer = setTimeout(
        () => settle(unknown('no answer from the engine in time')),
        request.timeoutMs + ANSWER_MARGIN_MS,
      );
      const settle = (outcome: VenueOutcome) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(outcome);
      };
      this.waiting.set(id, settle);
      this.bridge.publish(CHANNELS.venue, { ...request, to: engine.id, id } satisfies VenueMessage);
    });
  }

  private receive(message: VenueMessage, origin: string): void {
    switch (message.kind) {
      case 'state':
        this.engine = {
          id: origin,
          live: message.live === true,
          ...(message.session ? { session: message.session } : {}),
          at: this.now(),
        };
        return;
      case 'outcome':
        if (message.to === this.bridge.instanceId) this.waiting.get(message.id)?.(message.outcome);
        return;
      case 'execute':
      case 'status':
        if (message.to === this.bridge.instanceId && this.held) void this.answer(message, origin);
        return;
    }
  }

  /** The engine sends the order (or the status request) on its session and answers the asker. */
  private async answer(
    message: Extract<VenueMessage, { kind: 'execute' | 'status' }>,
    asker: string,
  ): Promise<void> {
    const venue = this.held?.();
    let outcome: VenueOutcome;
    if (!venue) outcome = { kind: 'rejected', reason: 'trading session not configured' };
    else if (message.kind === 'execute') outcome = await venue.execute(message.order, message.timeoutMs);
    else outcome = await venue.status(message.order, message.timeoutMs);
    this.bridge.publish(CHANNELS.venue, {
      kind: 'outcome',
      to: asker,
      id: message.id,
      outcome,
    } satisfies VenueMessage);
  }
}

function unknown(reason: string): VenueOutcome {
  return { kind: 'unknown', reason };
}
