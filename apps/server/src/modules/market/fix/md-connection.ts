import type net from 'node:net';
import type { IJsFixConfig } from 'jspurefix';
import type { FixSessionOptions } from './fix-feed-types.js';
import { cleanText } from './md-fields.js';
import type { MdSession } from './md-session.js';
import type * as MdSessionModule from './md-session.js';
import type { SequenceStore, SequenceStoreFactory } from './seq-store.js';

/** One TCP connection and the session on it. */
export interface Connection {
  no: number;
  session: MdSession;
  socket: net.Socket;
  readyAt: number | undefined;
  /** The feed stopped: whatever still arrives on this connection is ignored. */
  closing: boolean;
  /** MDReqID → instrument id, for this connection's subscriptions. */
  requests: Map<string, number>;
  /** MsgSeqNum of each request → instrument id, to place a session Reject (35=3). */
  requestSeqs: Map<number, number>;
}

/** The engine, loaded on the first connection: the session module, its settings, its sequence store. */
export interface Runtime {
  fix: typeof MdSessionModule;
  config: IJsFixConfig;
  store: SequenceStore;
}

/** What the session loop (session-loop.ts) knows of its sessions that the helpers here write. */
export interface SessionNotes {
  /** Why the last session ended or failed. */
  lastError: string | undefined;
  /** The engine's last warning: why a session the engine ended itself went down. */
  engineWarning: string | undefined;
  /** The session's sequence numbers, once the engine is loaded. */
  store: SequenceStore | undefined;
}

/** Imports the engine (md-session.js) and sets up the session: its config and its sequence store. */
export async function loadRuntime(
  options: FixSessionOptions,
  stores: SequenceStoreFactory,
  notes: SessionNotes,
): Promise<Runtime> {
  const fix = await import('./md-session.js');
  const { endpoint } = options;
  const engineLog = options.engineLog;
  const config = await fix.sessionConfig({
    role: 'initiator',
    name: options.purpose === 'trading' ? 'pipwise-trade' : 'pipwise-md',
    sender: endpoint.sender,
    target: endpoint.target,
    heartbeatSecs: options.fixHeartbeatSecs ?? 5,
    store: stores,
    username: options.username,
    password: options.password,
    engineLog: (level, source, message) => {
      // The engine's last warning says why a session it ended went down (a sequence
      // number too low, a refused logon): kept for lastError.
      if (level === 'warn') notes.engineWarning = cleanText(message);
      if (level === 'error') engineLog?.error({ source }, message);
      else engineLog?.info({ source }, message);
    },
  });
  notes.store = stores.create(fix.sessionIdOf(config));
  return { fix, config, store: notes.store };
}

/** Resolves when the session or its connection ends, whichever says so first; notes why. */
export function watch(conn: Connection, notes: SessionNotes): Promise<void> {
  return new Promise<void>((settle) => {
    // The engine emits 'error' when a session ends badly; with no listener that would throw.
    conn.session.on('error', (err: Error) => {
      notes.lastError ??= cleanText(err.message);
      settle();
    });
    conn.session.on('done', () => {
      notes.lastError ??= endedBecause(notes, 'session ended');
      settle();
    });
    conn.socket.once('end', () => {
      notes.lastError ??= 'connection closed by the provider';
    });
    conn.socket.on('error', (err) => {
      notes.lastError = cleanText(`connection error: ${err.message}`);
    });
    conn.socket.on('close', () => {
      notes.lastError ??= endedBecause(notes, 'connection closed');
      conn.session.kill('connection closed');
      settle();
    });
  });
}

/** Why a session ended that the engine ended itself: its last warning, if any. */
function endedBecause(notes: SessionNotes, what: string): string {
  return notes.engineWarning ? `${what}: ${notes.engineWarning}` : what;
}

/** The wait before reconnect attempt `failures`: `initialMs` doubling up to `maxMs`, ±25%. */
export function backoffMs(failures: number, backoff: FixSessionOptions['backoff']): number {
  const { initialMs, maxMs } = backoff ?? { initialMs: 500, maxMs: 30_000 };
  const base = Math.min(maxMs, initialMs * 2 ** Math.min(failures - 1, 30));
  return Math.round(Math.min(maxMs, base * (0.75 + Math.random() * 0.5)));
}
