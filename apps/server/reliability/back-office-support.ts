import http from 'node:http';
import { sql, type RawBuilder } from 'kysely';
import WebSocket from 'ws';
import type { Server } from '../src/app.js';

/**
 * What item 16 (the back office and statements through the balancer) stands on: raw HTTP
 * answers read to the last byte from a chosen client address, how an answer is judged
 * during an outage, the operator socket as a page uses it, a snapshot of the money in the
 * books, and the one thing that legitimately differs between two PDFs of one statement.
 */

/** An HTTP answer as it arrived: every byte, and whether the body arrived whole. */
export interface Reply {
  /** 0: no answer at all (a reset, a refused connection, a timeout). */
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** False when the connection ended before the body did (a half file). */
  complete: boolean;
  error?: string;
  ms: number;
}

/** The `{code, msg, data}` envelope of an answer, when its body is one. */
export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/** Each call a different client as the balancer sees it: 127.0.16.1, 127.0.16.2, … */
let clients = 0;
export function nextClient(): string {
  const n = clients++;
  return `127.0.${16 + Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** One request through `port` from `from` (a 127.x address), the body read whole. */
export function send(
  port: number,
  method: 'GET' | 'POST',
  url: string,
  o: {
    from?: string;
    /** A trader's session token, sent as is. */
    token?: string;
    /** An operator's session token, sent as `Bearer …`. */
    bearer?: string;
    body?: object;
    headers?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): Promise<Reply> {
  const started = Date.now();
  const payload = o.body ? JSON.stringify(o.body) : undefined;
  return new Promise((resolve) => {
    let settled = false;
    const done = (reply: Omit<Reply, 'ms'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...reply, ms: Date.now() - started });
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        localAddress: o.from ?? '127.0.0.1',
        timeout: o.timeoutMs ?? 15_000,
        headers: {
          lang: 'en',
          ...(o.token ? { authorization: o.token } : {}),
          ...(o.bearer ? { authorization: `Bearer ${o.bearer}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...o.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        const finish = (error?: string) =>
          done({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            complete: res.complete,
            ...(error ? { error } : {}),
          });
        res.on('end', () => finish());
        res.on('aborted', () => finish('aborted'));
        res.on('error', (err) => finish(err.message));
        res.on('close', () => finish(res.complete ? undefined : 'closed early'));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) =>
      done({ status: 0, headers: {}, body: Buffer.alloc(0), complete: false, error: err.message }),
    );
    req.end(payload);
  });
}

/** An answer in one line for an assertion's message: status, error, the body's start. */
export function describeReply(r: Reply): string {
  return `${r.status}${r.error ? ` (${r.error})` : ''} ${r.body.subarray(0, 160).toString('utf8')}`;
}

/** The envelope in an answer's body, or null when it is no envelope (a file, nothing). */
export function envelopeOf(reply: Reply): Envelope | null {
  if (!String(reply.headers['content-type'] ?? '').startsWith('application/json')) return null;
  try {
    const parsed = JSON.parse(reply.body.toString('utf8')) as Partial<Envelope>;
    if (typeof parsed.code !== 'number' || typeof parsed.msg !== 'string') return null;
    return { code: parsed.code, msg: parsed.msg, data: parsed.data ?? null };
  } catch {
    return null;
  }
}

/** The text HAProxy answers with while no instance is ready (scripts/haproxy.ts). */
export const BALANCER_UNAVAILABLE = 'The service is briefly unavailable. Please try again.';

/**
 * What a client got:
 * - `ok`: 200 and what was asked for (a success envelope, or a whole file of the type);
 * - `balancer-503`: HAProxy's own 503 envelope (no instance was ready);
 * - `refused`: a translated envelope refusing (a code other than 1, HTTP < 500);
 * - `reset`: no answer at all; `half`: a body cut short;
 * - `server-error`: 5xx from an instance; `malformed`: anything else (a 200 of another type,
 *   an envelope-less refusal, an untranslated message key).
 */
export type Verdict = 'ok' | 'balancer-503' | 'refused' | 'reset' | 'half' | 'server-error' | 'malformed';

export function verdictOf(reply: Reply, file?: 'csv' | 'pdf'): Verdict {
  if (reply.status === 0) return 'reset';
  if (!reply.complete) return 'half';
  const envelope = envelopeOf(reply);
  if (reply.status === 503 && envelope?.code === 503 && envelope.msg === BALANCER_UNAVAILABLE)
    return 'balancer-503';
  if (reply.status >= 500) return 'server-error';
  if (envelope) {
    if (envelope.msg.includes('errors.')) return 'malformed';
    if (envelope.code === 1 && reply.status === 200 && !file) return 'ok';
    return envelope.code === 1 ? 'malformed' : 'refused';
  }
  if (reply.status !== 200 || !file) return 'malformed';
  const type = String(reply.headers['content-type'] ?? '');
  if (file === 'csv')
    return type.startsWith('text/csv') && reply.body.subarray(0, 3).equals(BOM) ? 'ok' : 'malformed';
  return type === 'application/pdf' && isWholePdf(reply.body) ? 'ok' : 'malformed';
}

/** The UTF-8 byte-order mark every CSV of the server starts with. */
export const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A PDF from its header to its end-of-file marker. */
export function isWholePdf(body: Buffer): boolean {
  return (
    body.subarray(0, 5).toString('latin1') === '%PDF-' &&
    body.subarray(-16).toString('latin1').trimEnd().endsWith('%%EOF')
  );
}

/**
 * The PDF with the two things pdfkit stamps on every document it makes blanked out: the
 * `/CreationDate` of the info dictionary (a `(D:…)` date) and the trailer's `/ID` (an MD5 of that instant in
 * ms). Same lengths, so the cross-reference offsets still match. Two downloads of one
 * statement made in the same minute (the "Issued" line shows minutes) are then byte-equal.
 */
export function withoutCreationStamp(pdf: Buffer): Buffer {
  const out = pdf
    .toString('latin1')
    // pdfkit writes the date as its own object: `16 0 obj (D:20261127172050Z) endobj`.
    .replace(/\(D:\d{14}[^)]*\)/g, (m) => `(${'0'.repeat(m.length - 2)})`)
    .replace(/\/ID \[<[0-9a-fA-F]+> <[0-9a-fA-F]+>\]/g, (m) =>
      m.replace(/<[0-9a-fA-F]+>/g, (h) => `<${'0'.repeat(h.length - 2)}>`),
    );
  return Buffer.from(out, 'latin1');
}

/** The money in the books: every row count and sum a write of money would move. */
export interface MoneySnapshot {
  accountLogs: string;
  ledgerEntries: string;
  balances: string;
  orders: string;
}

export async function moneySnapshot(services: Server): Promise<MoneySnapshot> {
  const db = services.core.db;
  const one = async (query: RawBuilder<{ v: string }>) => String((await query.execute(db)).rows[0]?.v ?? '');
  return {
    accountLogs: await one(
      sql<{
        v: string;
      }>`select count(*) || ' rows, Σ ' || coalesce(sum(amount), 0) || ', Σ lock ' || coalesce(sum(lock_amount), 0) as v from account_logs`,
    ),
    ledgerEntries: await one(
      sql<{ v: string }>`select count(*) || ' rows, Σ ' || coalesce(sum(amount), 0) as v from ledger_entries`,
    ),
    balances: await one(
      sql<{
        v: string;
      }>`select count(*) || ' accounts, Σ ' || coalesce(sum(balance), 0) || ', Σ lock ' || coalesce(sum(lock_balance), 0) || ', seq ' || coalesce(sum(change_seq), 0) as v from accounts`,
    ),
    orders: await one(
      sql<{
        v: string;
      }>`select count(*) || ' orders, ' || count(*) filter (where status = 1) || ' open, Σ profit ' || coalesce(sum(profit), 0) as v from orders`,
    ),
  };
}

/** A message of the operator socket. */
export interface DeskMessage {
  type: string;
  code?: number;
  msg?: string;
  topic?: string;
  seq?: number;
  data?: unknown;
}

/**
 * The operator socket as the back office's page uses it: open, log in with the session's
 * token, subscribe to the desk in a zone, ping every 5 s; every message kept.
 */
export class DeskSocket {
  readonly messages: DeskMessage[] = [];
  closed = false;
  private waiters: { match: (m: DeskMessage) => boolean; resolve: (m: DeskMessage) => void }[] = [];
  private readonly pinger: NodeJS.Timeout;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw: Buffer) => {
      const m = JSON.parse(raw.toString()) as DeskMessage;
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => (w.match(m) ? (w.resolve(m), false) : true));
    });
    ws.on('close', () => {
      this.closed = true;
      clearInterval(this.pinger);
    });
    ws.on('error', () => undefined);
    this.pinger = setInterval(() => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'ping' }));
    }, 5_000);
    this.pinger.unref();
  }

  /**
   * Opens the socket; resolves with it, or with the HTTP status that refused the upgrade
   * and its body (0: no answer at all).
   */
  static open(
    url: string,
    headers: Record<string, string> = {},
  ): Promise<DeskSocket | { status: number; body: string }> {
    const ws = new WebSocket(url, { headers, handshakeTimeout: 10_000 });
    return new Promise((resolve) => {
      ws.once('open', () => resolve(new DeskSocket(ws)));
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      ws.once('error', () => resolve({ status: 0, body: '' }));
    });
  }

  sendJson(message: object): void {
    this.ws.send(JSON.stringify(message));
  }

  /** The first message (kept or to come) that matches, taken off the list. */
  next(match: (m: DeskMessage) => boolean, timeoutMs = 10_000): Promise<DeskMessage> {
    const found = this.messages.find(match);
    if (found) {
      this.messages.splice(this.messages.indexOf(found), 1);
      return Promise.resolve(found);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('no matching message on the operator socket')),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          this.messages.splice(this.messages.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  }

  /** Logs in with a token: the `login_result`. */
  async login(token: string): Promise<DeskMessage> {
    this.sendJson({ type: 'login', token });
    return this.next((m) => m.type === 'login_result');
  }

  close(): void {
    clearInterval(this.pinger);
    this.ws.close();
  }
}

export const isDeskPush = (m: DeskMessage): boolean => m.type === 'push' && m.topic === 'DESK';
