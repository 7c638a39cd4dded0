import type { Lang, ServerMessage } from '@pipwise/shared';
import type { WebSocket } from 'ws';

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
    return this.dirtyQuotes.size > 0 || this.pending.size > 0;
  }
}
