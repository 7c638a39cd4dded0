import { ResultCode } from '@pipwise/shared';
import type { RawData, WebSocket } from 'ws';
import type { z } from 'zod';

/**
 * What the traders' hub (hub.ts) and the operators' desk sockets (desk-socket.ts) do alike
 * with an open socket: read its frames as the contract's client messages, and end it when
 * the session it logged in with ends. Whose session it is stays theirs to decide.
 */

/** Close code of a socket whose session ended (4000–4999 are the application's own). */
export const SESSION_ENDED_CLOSE_CODE = 4001;

export interface ClientMessageHandlers<M> {
  /** Any frame at all: the client is alive (the idle timeout starts again). */
  heard(): void;
  /** A message of the contract. */
  message(message: M): Promise<void> | void;
  /** A frame that is not JSON (or binary), or JSON that is no message: the error's key. */
  refused(key: 'errors.ws_bad_json' | 'errors.ws_unknown_type'): void;
  /** The socket closed or failed. */
  gone(): void;
  /** Where a failed `message` goes (without it, the rejection is left unhandled). */
  failed?: (err: unknown) => void;
}

/** Listens to a socket's frames, each read as JSON against `schema`. */
export function listenForMessages<M>(
  socket: WebSocket,
  schema: z.ZodType<M>,
  on: ClientMessageHandlers<M>,
): void {
  socket.on('message', (raw, isBinary) => {
    on.heard();
    const handled = readMessage(schema, isBinary ? null : rawToText(raw), on);
    if (on.failed) void handled.catch(on.failed);
    else void handled;
  });
  socket.on('close', () => on.gone());
  socket.on('error', () => on.gone());
}

async function readMessage<M>(
  schema: z.ZodType<M>,
  raw: string | null,
  on: ClientMessageHandlers<M>,
): Promise<void> {
  let json: unknown;
  try {
    json = raw === null ? undefined : JSON.parse(raw);
  } catch {
    json = undefined;
  }
  if (json === undefined) return on.refused('errors.ws_bad_json');
  const parsed = schema.safeParse(json);
  if (!parsed.success) return on.refused('errors.ws_unknown_type');
  await on.message(parsed.data);
}

/**
 * The socket's session ended (logged out elsewhere, revoked, expired; an operator
 * deactivated or demoted): told as a refused login, with `msg` in its language, then closed
 * with SESSION_ENDED_CLOSE_CODE. The caller has logged the socket out and then drops it.
 */
export function closeEndedSession(socket: WebSocket, msg: string): void {
  if (socket.readyState === socket.OPEN)
    socket.send(JSON.stringify({ type: 'login_result', code: ResultCode.SessionExpired, msg }));
  socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
}

/** A text frame's payload as a string, whichever buffer shape ws delivered it in. */
function rawToText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  return Buffer.from(new Uint8Array(raw)).toString('utf8');
}
