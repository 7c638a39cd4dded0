import {
  DESK_TOPIC,
  DeskClientMessageSchema,
  isZoneId,
  operatorMayCall,
  ResultCode,
  DEFAULT_TIME_ZONE,
  type DeskClientMessage,
  type DeskServerMessage,
  type DeskSnapshot,
  type Lang,
} from '@pipwise/shared';
import type { WebSocket } from 'ws';
import type { OperatorPrincipal } from '../core/caller.js';
import type { Translator } from '../core/i18n.js';
import type { OperatorDesk } from '../modules/admin/index.js';
import { closeEndedSession, listenForMessages } from './socket-session.js';

/** One operator's socket: its login (kept to check the session again) and its desk zone. */
interface DeskClient {
  socket: WebSocket;
  lang: Lang;
  lastSeen: number;
  token: string | null;
  operator: OperatorPrincipal | null;
  zone: string | null;
}

/** The sockets watching one time zone's desk, fed by one subscription to the feed. */
interface ZoneGroup {
  clients: Set<DeskClient>;
  seq: number;
  unsubscribe: () => void;
}

export interface DeskSocketOptions {
  /** A socket silent longer than this (no ping) is closed. */
  idleTimeoutMs: number;
  /** How often logged-in sockets' operator sessions are checked again. */
  sessionCheckMs: number;
  now?: () => number;
  onError?: (err: unknown) => void;
}

export const DEFAULT_DESK_SOCKET_OPTIONS: DeskSocketOptions = {
  idleTimeoutMs: 30_000,
  sessionCheckMs: 30_000,
};

/**
 * The operator socket (`/api/admin/ws`, docs/api.md "Operator socket"): an operator logs in
 * with the back office's session token — checked exactly as the HTTP API's hook checks it
 * (modules/admin/operator-guard.ts): a trader's token is no operator session, first use must
 * be finished, and the role must be one the desk is open to — then subscribes to `DESK` with
 * their time zone. Each zone's snapshot is serialised once per tick and written to all its
 * sockets; the feed runs only while a socket is subscribed.
 */
export class DeskSockets {
  private readonly clients = new Set<DeskClient>();
  private readonly zones = new Map<string, ZoneGroup>();
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly desk: OperatorDesk,
    private readonly t: Translator,
    private readonly options: DeskSocketOptions = DEFAULT_DESK_SOCKET_OPTIONS,
  ) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.clients.size;
  }

  start(): void {
    const every = Math.min(this.options.sessionCheckMs, this.options.idleTimeoutMs);
    this.timer = setInterval(() => void this.upkeep(), every);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.disconnectAll();
  }

  disconnectAll(): void {
    for (const client of [...this.clients]) {
      client.socket.close(1001, 'server shutting down');
      this.detach(client);
    }
  }

  attach(socket: WebSocket, lang: Lang): void {
    const client: DeskClient = {
      socket,
      lang,
      lastSeen: this.now(),
      token: null,
      operator: null,
      zone: null,
    };
    this.clients.add(client);
    listenForMessages(socket, DeskClientMessageSchema, {
      heard: () => {
        client.lastSeen = this.now();
      },
      message: (message) => this.handle(client, message),
      refused: (key) => this.error(client, key),
      gone: () => this.detach(client),
      failed: (err) => this.options.onError?.(err),
    });
  }

  private async handle(client: DeskClient, message: DeskClientMessage): Promise<void> {
    switch (message.type) {
      case 'ping':
        return send(client, { type: 'pong' });
      case 'login': {
        const admission = await this.admission(message.token);
        this.logOut(client);
        if (admission.operator === null) {
          return send(client, {
            type: 'login_result',
            code: admission.code,
            msg: this.msg(client, admission.key),
          });
        }
        client.token = message.token;
        client.operator = admission.operator;
        return send(client, { type: 'login_result', code: ResultCode.Success, msg: '' });
      }
      case 'logout':
        return this.logOut(client);
      case 'sub': {
        if (client.operator === null) return this.error(client, 'errors.ws_login_required');
        const zone = message.tz ?? DEFAULT_TIME_ZONE;
        if (!isZoneId(zone)) return this.error(client, 'errors.time_zone_invalid');
        return this.join(client, zone);
      }
      case 'unsub':
        return this.leave(client);
    }
  }

  /** The operator behind a token and whether the desk is open to them, as the HTTP hook decides. */
  private async admission(
    token: string,
  ): Promise<
    { operator: OperatorPrincipal; code: number; key: string } | { operator: null; code: number; key: string }
  > {
    const operator = await this.desk.sessions.resolve(token);
    if (!operator)
      return { operator: null, code: ResultCode.SessionExpired, key: 'errors.admin_session_expired' };
    if (operator.mustChangePassword)
      return { operator: null, code: ResultCode.SetupRequired, key: 'errors.admin_password_change_required' };
    if (operator.totpSetupRequired)
      return { operator: null, code: ResultCode.SetupRequired, key: 'errors.admin_totp_setup_required' };
    if (!operatorMayCall(operator.role, this.desk.roles))
      return { operator: null, code: ResultCode.Forbidden, key: 'errors.admin_forbidden' };
    return { operator, code: ResultCode.Success, key: '' };
  }

  private join(client: DeskClient, zone: string): void {
    if (client.zone === zone) return;
    this.leave(client);
    let group = this.zones.get(zone);
    if (!group) {
      const created: ZoneGroup = { clients: new Set(), seq: 0, unsubscribe: () => undefined };
      this.zones.set(zone, created);
      created.unsubscribe = this.desk.feed.subscribe(zone, (snapshot) => this.push(created, snapshot));
      group = created;
    }
    group.clients.add(client);
    client.zone = zone;
  }

  private leave(client: DeskClient): void {
    const zone = client.zone;
    if (zone === null) return;
    client.zone = null;
    const group = this.zones.get(zone);
    if (!group) return;
    group.clients.delete(client);
    // The last socket of a zone gone: its subscription ends (the last of all stops the feed).
    if (group.clients.size === 0) {
      this.zones.delete(zone);
      group.unsubscribe();
    }
  }

  /** One tick's snapshot of a zone: serialised once, written to each of its sockets. */
  private push(group: ZoneGroup, data: DeskSnapshot): void {
    group.seq += 1;
    const frame = JSON.stringify({
      type: 'push',
      topic: DESK_TOPIC,
      seq: group.seq,
      data,
    } satisfies DeskServerMessage);
    for (const client of group.clients) {
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(frame);
    }
  }

  /** Closes silent sockets and ends those whose operator session no longer opens the desk. */
  private async upkeep(): Promise<void> {
    const now = this.now();
    for (const client of [...this.clients]) {
      if (now - client.lastSeen > this.options.idleTimeoutMs) {
        client.socket.terminate();
        this.detach(client);
      }
    }
    try {
      for (const client of [...this.clients]) {
        if (client.token === null) continue;
        const { operator } = await this.admission(client.token);
        if (operator === null) this.endSession(client);
      }
    } catch (err) {
      // The database is away for a moment: the next round checks again.
      this.options.onError?.(err);
    }
  }

  /** Logged out elsewhere, deactivated or demoted: told as a refused login, then closed. */
  private endSession(client: DeskClient): void {
    this.logOut(client);
    closeEndedSession(client.socket, this.msg(client, 'errors.ws_session_ended'));
    this.detach(client);
  }

  private logOut(client: DeskClient): void {
    this.leave(client);
    client.token = null;
    client.operator = null;
  }

  private detach(client: DeskClient): void {
    this.logOut(client);
    this.clients.delete(client);
  }

  private msg(client: DeskClient, key: string): string {
    return this.t(client.lang, key);
  }

  private error(client: DeskClient, key: string): void {
    send(client, { type: 'error', msg: this.msg(client, key) });
  }
}

function send(client: DeskClient, message: DeskServerMessage): void {
  if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
}
