import type { Lang, PrivateTopic, ServerMessage } from '@pipwise/shared';
import type { WebSocket } from 'ws';

/** `ws` sends a Buffer as a binary frame unless told otherwise; our messages are JSON text. */
const TEXT_FRAME = { binary: false } as const;

/**
 * One connected socket: its language, login, topics and the private topics whose payload
 * must be rebuilt at the next flush. Public pushes are not queued per socket: a frame is
 * serialised once and written to every subscriber, and a socket too far behind is skipped
 * (it sees the jump in `seq` and re-fetches), so a slow client never grows server memory.
 */
export class SocketClient {
  userId: number | null = null;
  /** The session this socket is logged in with; its revocation logs the socket out. */
  sessionId: number | null = null;
  readonly topics = new Set<string>();
  /** Private topics whose payload must be rebuilt at the next flush. */
  readonly dirtyPrivate = new Set<PrivateTopic>();
  lastSeen: number;

  constructor(
    readonly socket: WebSocket,
    readonly lang: Lang,
    now: number,
  ) {
    this.lastSeen = now;
  }

  send(message: ServerMessage): void {
    this.sendFrame(JSON.stringify(message));
  }

  /**
   * Writes an already serialised message: a string, or its UTF-8 bytes when the same frame
   * goes to many sockets (encoded once for all of them; still a text frame).
   */
  sendFrame(frame: string | Buffer): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (typeof frame === 'string') this.socket.send(frame);
    else this.socket.send(frame, TEXT_FRAME);
  }

  /** Whether more than `limit` bytes wait to be sent: the socket is not keeping up. */
  behind(limit: number): boolean {
    return this.socket.bufferedAmount > limit;
  }
}
