import type { Lang, ServerMessage } from '@pipwise/shared';
import type { WebSocket } from 'ws';

const MAX_QUEUED_EVENTS = 100;

/**
 * One connected socket and what it waits for. Pending pushes are coalesced: a set of
 * instrument ids for DAY_MARKET and the latest payload per other topic, so however slow
 * the client, what it holds in memory is bounded by the number of topics and instruments.
 */
export class SocketClient {
  userId: number | null = null;
  token: string | null = null;
  readonly topics = new Set<string>();
  readonly dirtyQuotes = new Set<number>();
  readonly pending = new Map<string, unknown>();
  /** Private topics whose payload must be rebuilt at the next flush. */
  readonly dirtyPrivate = new Set<'FOREX_TRADE' | 'FOREX_CLOSED'>();
  /** Events that must each arrive (positions closed); capped, oldest dropped. */
  readonly events: { topic: 'FOREX_TRADE' | 'FOREX_CLOSED'; data: unknown }[] = [];
  lastSeen: number;

  constructor(
    readonly socket: WebSocket,
    readonly lang: Lang,
    now: number,
  ) {
    this.lastSeen = now;
  }

  send(message: ServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  hasPending(): boolean {
    return (
      this.dirtyQuotes.size > 0 ||
      this.pending.size > 0 ||
      this.dirtyPrivate.size > 0 ||
      this.events.length > 0
    );
  }

  queueEvent(topic: 'FOREX_TRADE' | 'FOREX_CLOSED', data: unknown): void {
    // A client this far behind refetches its lists anyway; memory stays bounded.
    if (this.events.length >= MAX_QUEUED_EVENTS) this.events.shift();
    this.events.push({ topic, data });
  }
}
