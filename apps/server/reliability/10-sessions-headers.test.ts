import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as contract from '@pipwise/shared';
import { ResultCode } from '@pipwise/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { verifyPassword } from '../src/modules/auth/password.js';
import {
  createTestApp,
  DIALECTS,
  envelope,
  fundedUser,
  lastCodeSentTo,
  type TestApp,
} from '../test/helper.js';
import { hasBackOffice, OPERATOR_PASSWORD, operatorSession, traderWithPassword } from './callers.js';
import { record, SEED } from './figures.js';

/**
 * Suite 10 of issue 10: sessions and headers.
 *
 * - The password hash as stored by registration (and by an operator created in the back
 *   office): its PHC string read for algorithm, version, memory, passes, lanes, salt and
 *   hash lengths, against OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane).
 * - Session tokens: 10,000 from the session service and some from the login calls — their
 *   length and alphabet give the bits, none repeats, the bits are balanced, and only their
 *   SHA-256 is stored.
 * - Logout, a password change, a password reset (and a freeze by an operator) close the
 *   affected sockets: how long after the call, in ms (goal < 1 s).
 * - A socket upgrade from a foreign Origin is refused.
 * - The security headers on every kind of answer: an API JSON answer, error envelopes, the
 *   app's HTML, a static asset, the socket upgrade refusal, a private image, a back-office
 *   answer.
 */

const TOKENS = 10_000;

/** argon2id per OWASP's password storage cheat sheet: m ≥ 19 MiB, t ≥ 2, p ≥ 1. */
const ARGON2_MIN = { m: 19_456, t: 2, p: 1 };

interface Phc {
  algorithm: string;
  version: number;
  m: number;
  t: number;
  p: number;
  saltBytes: number;
  hashBytes: number;
}

/** Reads `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (salt and hash unpadded base64). */
function parsePhc(phc: string): Phc {
  const m =
    /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(phc);
  if (!m) throw new Error(`not an argon2 PHC string: ${phc.slice(0, 20)}…`);
  const bytes = (b64: string) => Buffer.from(b64, 'base64').length;
  return {
    algorithm: m[1]!,
    version: Number(m[2]),
    m: Number(m[3]),
    t: Number(m[4]),
    p: Number(m[5]),
    saltBytes: bytes(m[6]!),
    hashBytes: bytes(m[7]!),
  };
}

/** The headers every answer carries, and what each must say. */
const REQUIRED_HEADERS: [string, (v: string) => boolean][] = [
  [
    // Pages: the app's policy (own origin, no plugins); any other answer loads nothing at
    // all (docs/api.md "Requests"). Framed by nobody either way.
    'content-security-policy',
    (v) =>
      v.includes("frame-ancestors 'none'") &&
      (v.includes("default-src 'none'") ||
        (v.includes("default-src 'self'") && v.includes("object-src 'none'"))),
  ],
  ['x-content-type-options', (v) => v === 'nosniff'],
  ['x-frame-options', (v) => v.toUpperCase() === 'DENY'],
  ['referrer-policy', (v) => /no-referrer|same-origin|strict-origin/.test(v)],
  ['strict-transport-security', (v) => Number(/max-age=(\d+)/.exec(v)?.[1] ?? 0) >= 15_552_000],
  ['cross-origin-opener-policy', (v) => v === 'same-origin'],
  ['cross-origin-resource-policy', (v) => v === 'same-origin' || v === 'same-site'],
  ['x-permitted-cross-domain-policies', (v) => v === 'none'],
];

const rows: { figure: string; value: number | string; goal?: string }[] = [];
const headerTable: string[] = [];

afterAll(() => {
  record('10-sessions-headers', {
    order: 10,
    title: 'Sessions and headers',
    rows,
    notes: [
      `Seed ${SEED} (nothing here is random but the tokens themselves).`,
      // One note, so the table's rows stay together in the markdown.
      ...(headerTable.length > 0
        ? [
            [
              'Security headers per answer (✓ present and as required):',
              '',
              `| answer | ${REQUIRED_HEADERS.map(([h]) => h).join(' | ')} | no x-powered-by |`,
              `|---|${REQUIRED_HEADERS.map(() => ':-:').join('|')}|:-:|`,
              ...headerTable,
            ].join('\n'),
          ]
        : []),
    ],
  });
});

describe.each(DIALECTS)('10. sessions and headers (%s)', (dialect) => {
  let t: TestApp;
  let port: number;
  let wsUrl: string;
  let webDist: string;
  let ipCounter = 0;
  const ip = () => `10.100.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

  beforeAll(async () => {
    // A built web app of two files: its HTML and one hashed asset.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'app-3f2a1b.js'), 'console.log("app");');
    t = await createTestApp(dialect, { app: { webDist }, services: { hub: { flushMs: 20 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    t.services.hub.start();
    port = (t.app.server.address() as AddressInfo).port;
    wsUrl = `ws://127.0.0.1:${port}/v1/ws?lang=en`;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  async function api(method: 'GET' | 'POST', url: string, body?: unknown, token?: string) {
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: ip(),
      headers: {
        lang: 'en',
        ...(token ? { authorization: token } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    return envelope(res);
  }

  it('stores passwords with argon2id at or above OWASP’s parameters', async () => {
    // Registration, as a visitor does it.
    const email = `argon-${dialect}@example.com`;
    expect((await api('POST', contract.sendEmailEndpoint.path, { to: email, type: 1 })).code).toBe(1);
    const code = await lastCodeSentTo(t.services, email);
    const registered = await api('POST', contract.registerEndpoint.path, {
      type: 1,
      account: email,
      password: 'Secret123',
      re_password: 'Secret123',
      sms_code: code,
    });
    expect(registered.code).toBe(1);
    const user = await t.services.core.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const phc = parsePhc(user.password_hash);
    expect(await verifyPassword(user.password_hash, 'Secret123')).toBe(true);
    expect(await verifyPassword(user.password_hash, 'Secret124')).toBe(false);
    const hashes: [string, Phc][] = [['trader (registration)', phc]];

    // An operator created in the back office, when there is one.
    if (hasBackOffice(t)) {
      const admin = await operatorSession(t, 'admin');
      const opEmail = `argon-op-${dialect}@ops.example.com`;
      const created = await api(
        'POST',
        contract.adminCreateOperatorEndpoint.path,
        { email: opEmail, name: 'Argon Check', role: 'support', password: OPERATOR_PASSWORD },
        admin!.token,
      );
      expect(created.code).toBe(1);
      const op = await t.services.core.db
        .selectFrom('operators' as never)
        .select('password_hash' as never)
        .where('email' as never, '=', opEmail as never)
        .executeTakeFirstOrThrow();
      hashes.push(['operator (back office)', parsePhc((op as { password_hash: string }).password_hash)]);
    }

    for (const [who, h] of hashes) {
      rows.push({
        figure: `${dialect}: ${who} password hash — algorithm, version, m (KiB), t, p, salt / hash bytes`,
        value: `${h.algorithm} v${h.version}, m=${h.m}, t=${h.t}, p=${h.p}, ${h.saltBytes} / ${h.hashBytes}`,
        goal: `argon2id, m ≥ ${ARGON2_MIN.m}, t ≥ ${ARGON2_MIN.t}, p ≥ ${ARGON2_MIN.p}, salt ≥ 16`,
      });
      expect(h.algorithm, who).toBe('argon2id');
      expect(h.version, who).toBe(19);
      expect(h.m, who).toBeGreaterThanOrEqual(ARGON2_MIN.m);
      expect(h.t, who).toBeGreaterThanOrEqual(ARGON2_MIN.t);
      expect(h.p, who).toBeGreaterThanOrEqual(ARGON2_MIN.p);
      expect(h.saltBytes, who).toBeGreaterThanOrEqual(16);
      expect(h.hashBytes, who).toBeGreaterThanOrEqual(32);
    }
  });

  it('makes 256-bit session tokens that never repeat, and stores only their SHA-256', async () => {
    const { userId } = await fundedUser(t.services, 1);
    const tokens: string[] = [];
    for (let i = 0; i < TOKENS; i += 50) {
      tokens.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, TOKENS - i) }, () => t.services.auth.sessions.create(userId)),
        )),
      );
    }
    // And from the calls that hand tokens out: a trader's login, a demo account, an operator's login.
    const trader = await traderWithPassword(t, `entropy-${dialect}@example.com`, 'Secret123');
    const viaApi: string[] = [];
    for (let i = 0; i < 5; i++) {
      const login = await api('POST', contract.loginEndpoint.path, {
        account: trader.email,
        password: 'Secret123',
        login_type: 1,
      });
      viaApi.push(String(login.data.token));
      viaApi.push(String((await api('GET', contract.demoLoginEndpoint.path)).data.token));
    }
    const operatorTokens: string[] = [];
    if (hasBackOffice(t))
      for (let i = 0; i < 3; i++) operatorTokens.push((await operatorSession(t, 'content'))!.token);

    const shape = /^[A-Za-z0-9_-]{43}$/;
    const all = [...tokens, ...viaApi, ...operatorTokens];
    const badShape = all.filter((tk) => !shape.test(tk));
    const bits = new Set(all.map((tk) => Buffer.from(tk, 'base64url').length * 8));
    const distinct = new Set(all).size;
    let ones = 0;
    for (const tk of tokens) for (const byte of Buffer.from(tk, 'base64url')) ones += popcount(byte);
    const onesRatio = ones / (tokens.length * 256);
    // The database holds the SHA-256 of each token, never the token.
    const stored = await t.services.core.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', userId)
      .execute();
    const storedSet = new Set(stored.map((r) => r.token_hash));
    const inClear = tokens.filter((tk) => storedSet.has(tk)).length;
    const hashed = tokens
      .slice(0, 100)
      .filter((tk) => storedSet.has(createHash('sha256').update(tk).digest('hex'))).length;

    rows.push(
      {
        figure: `${dialect}: session tokens made (service ${tokens.length}, login and demo calls ${viaApi.length}, operator logins ${operatorTokens.length})`,
        value: all.length,
      },
      {
        figure: `${dialect}: bits per token (43 base64url characters = 32 random bytes)`,
        value: [...bits].join(', '),
        goal: '256',
      },
      { figure: `${dialect}: tokens not of that shape`, value: badShape.length, goal: '0' },
      { figure: `${dialect}: repeated tokens`, value: all.length - distinct, goal: '0' },
      {
        figure: `${dialect}: share of 1 bits over ${tokens.length} × 256 bits`,
        value: onesRatio.toFixed(4),
        goal: '0.5 ± 0.002',
      },
      { figure: `${dialect}: tokens found in clear in the sessions table`, value: inClear, goal: '0' },
    );
    expect(badShape).toEqual([]);
    expect([...bits]).toEqual([256]);
    expect(distinct).toBe(all.length);
    expect(Math.abs(onesRatio - 0.5)).toBeLessThan(0.002);
    expect(inClear).toBe(0);
    expect(hashed).toBe(100);
  });

  /** A socket logged in with `token`; resolves when the server has confirmed the login. */
  async function loggedInSocket(token: string): Promise<WebSocket> {
    const ws = new WebSocket(wsUrl);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const confirmed = new Promise<void>((resolve, reject) => {
      ws.once('message', (raw: Buffer) => {
        const m = JSON.parse(raw.toString()) as { type: string; code: number };
        if (m.type === 'login_result' && m.code === 1) resolve();
        else reject(new Error(`login refused: ${raw.toString()}`));
      });
    });
    ws.send(JSON.stringify({ type: 'login', token }));
    await confirmed;
    return ws;
  }

  /** Ms from `act` to the close of each socket (fails after 3 s). */
  async function closesAfter(sockets: WebSocket[], act: () => Promise<unknown>): Promise<number[]> {
    let started = 0;
    const closes = sockets.map(
      (ws) =>
        new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('the socket stayed open')), 3000);
          ws.once('close', () => {
            clearTimeout(timer);
            resolve(performance.now() - started);
          });
        }),
    );
    started = performance.now();
    await act();
    return Promise.all(closes);
  }

  it('closes the sockets of ended sessions within a second', async () => {
    const samples: Record<string, number[]> = {
      logout: [],
      'password change': [],
      'password reset': [],
      'operator freeze': [],
    };
    for (let i = 0; i < 3; i++) {
      // Logout: the socket of that session.
      const a = await traderWithPassword(t, `close-logout-${dialect}-${i}@example.com`);
      samples.logout!.push(
        ...(await closesAfter([await loggedInSocket(a.token)], () =>
          api('POST', contract.logoutEndpoint.path, {}, a.token),
        )),
      );

      // Password change: the sockets of the other sessions; this one stays.
      const b = await traderWithPassword(t, `close-change-${dialect}-${i}@example.com`);
      const other = await t.services.auth.sessions.create(b.userId);
      const mine = await loggedInSocket(b.token);
      expect((await api('POST', contract.sendEmailEndpoint.path, { type: 3 }, b.token)).code).toBe(1);
      const code = await lastCodeSentTo(t.services, b.email);
      samples['password change']!.push(
        ...(await closesAfter([await loggedInSocket(other), await loggedInSocket(other)], () =>
          api(
            'POST',
            contract.amendPasswordEndpoint.path,
            { type: 1, new_password: 'Changed9pw', secondary_password: 'Changed9pw', auth_code: code },
            b.token,
          ),
        )),
      );
      expect(mine.readyState).toBe(WebSocket.OPEN);
      mine.close();

      // Password reset: every socket of the user.
      const c = await traderWithPassword(t, `close-reset-${dialect}-${i}@example.com`);
      const second = await t.services.auth.sessions.create(c.userId);
      const sockets = [await loggedInSocket(c.token), await loggedInSocket(second)];
      expect((await api('POST', contract.sendEmailEndpoint.path, { to: c.email, type: 2 })).code).toBe(1);
      const resetCode = await lastCodeSentTo(t.services, c.email);
      samples['password reset']!.push(
        ...(await closesAfter(sockets, () =>
          api('POST', contract.forgetPasswordEndpoint.path, {
            type: 1,
            account: c.email,
            new_password: 'Reset9pass',
            secondary_password: 'Reset9pass',
            auth_code: resetCode,
          }),
        )),
      );

      // A freeze by an operator (back office): every socket of the user.
      if (hasBackOffice(t)) {
        const support = await operatorSession(t, 'support');
        const d = await traderWithPassword(t, `close-freeze-${dialect}-${i}@example.com`);
        samples['operator freeze']!.push(
          ...(await closesAfter([await loggedInSocket(d.token)], async () => {
            const r = await api(
              'POST',
              contract.adminFreezeLoginEndpoint.path,
              { id: d.userId, frozen: 1, reason: 'check' },
              support!.token,
            );
            expect(r.code).toBe(1);
          })),
        );
      }
    }
    for (const [what, ms] of Object.entries(samples)) {
      if (ms.length === 0) continue;
      rows.push({
        figure: `${dialect}: sockets closed after ${what}, ms (slowest of ${ms.length})`,
        value: Math.max(...ms).toFixed(1),
        goal: '< 1000',
      });
      for (const v of ms) expect(v, what).toBeLessThan(1000);
    }
  });

  /** A raw upgrade request, to read the refusal's status and headers. */
  function upgrade(
    origin: string,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request({
        // A connection of its own: the server closes one after refusing an upgrade.
        agent: false,
        host: '127.0.0.1',
        port,
        path: '/v1/ws?lang=en',
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          origin,
          'sec-websocket-version': '13',
          'sec-websocket-key': Buffer.from('0123456789abcdef').toString('base64'),
        },
      });
      req.once('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.once('upgrade', (res, socket) => {
        socket.destroy();
        resolve({ status: res.statusCode ?? 101, headers: res.headers, body: '' });
      });
      req.once('error', reject);
      req.end();
    });
  }

  it('refuses a socket upgrade from a foreign Origin', async () => {
    const foreign = [
      'https://evil.example',
      'null',
      `http://127.0.0.1:${port + 1}`,
      'https://127.0.0.1.evil.example',
    ];
    const answers = await Promise.all(foreign.map((o) => upgrade(o)));
    const own = await upgrade(`http://127.0.0.1:${port}`);
    rows.push(
      {
        figure: `${dialect}: socket upgrades from foreign Origins refused`,
        value: `${answers.filter((a) => a.status === 403).length}/${foreign.length}`,
        goal: `${foreign.length}/${foreign.length}`,
      },
      {
        figure: `${dialect}: socket upgrade from the app’s own Origin`,
        value: own.status === 101 ? 'opens (101)' : `HTTP ${own.status}`,
        goal: 'opens (101)',
      },
    );
    for (const a of answers) {
      expect(a.status).toBe(403);
      expect(JSON.parse(a.body)).toMatchObject({ code: ResultCode.Forbidden, data: null });
    }
    expect(own.status).toBe(101);
  });

  it('sends the security headers on every kind of answer', async () => {
    const user = await fundedUser(t.services, 1);
    const png = await sharp({
      create: { width: 4, height: 4, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    const boundary = '----headers';
    const uploaded = await t.app.inject({
      method: 'POST',
      url: contract.imageUploadEndpoint.path,
      headers: {
        lang: 'en',
        authorization: user.token,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const imageUrl = String(envelope(uploaded).data.url);
    const base = `http://127.0.0.1:${port}`;
    const get = async (url: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${url}`, { headers: { lang: 'en', ...headers } });
      await res.arrayBuffer();
      return {
        status: res.status,
        headers: Object.fromEntries(res.headers.entries()),
        type: res.headers.get('content-type') ?? '',
      };
    };
    const post = async (
      url: string,
      body: string,
      contentType: string,
      headers: Record<string, string> = {},
    ) => {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        body,
        headers: { lang: 'en', 'content-type': contentType, ...headers },
      });
      await res.arrayBuffer();
      return {
        status: res.status,
        headers: Object.fromEntries(res.headers.entries()),
        type: res.headers.get('content-type') ?? '',
      };
    };

    const answers: [
      string,
      { status: number; headers: Record<string, string | string[] | undefined>; type?: string },
    ][] = [
      ['API JSON answer', await get(contract.tradeListEndpoint.path)],
      [
        'API JSON answer with a session',
        await get(contract.userInfoEndpoint.path, { authorization: user.token }),
      ],
      ['error envelope: unknown API path', await get('/api/no/such/call')],
      ['error envelope: invalid input (1001)', await get(`${contract.klineEndpoint.path}?forex_id=abc`)],
      ['error envelope: no session (999)', await get(contract.userInfoEndpoint.path)],
      [
        'error envelope: broken JSON (1002)',
        await post(contract.loginEndpoint.path, '{"a":', 'application/json'),
      ],
      [
        'error envelope: unsupported type (1003)',
        await post(contract.loginEndpoint.path, '<a/>', 'application/xml'),
      ],
      ['app HTML (/)', await get('/')],
      ['app HTML (a history route)', await get('/trade/BTCUSD')],
      ['static asset', await get('/assets/app-3f2a1b.js')],
      ['socket upgrade refusal', await upgrade('https://evil.example')],
      ['private image', await get(imageUrl, { authorization: user.token })],
      ['private image refused', await get(imageUrl)],
    ];
    if (hasBackOffice(t)) {
      const op = await operatorSession(t, 'support');
      answers.push([
        'back-office API answer',
        await get(contract.adminMeEndpoint.path, { authorization: op!.token }),
      ]);
    }

    // The answers are what they claim to be (so the headers are those of that kind).
    const byName = new Map(answers);
    expect(byName.get('app HTML (/)')!.type).toMatch(/text\/html/);
    // Pages get the policy that lets the app run; the others, one that loads nothing.
    for (const page of ['app HTML (/)', 'app HTML (a history route)'])
      expect(byName.get(page)!.headers['content-security-policy'], page).toContain("script-src 'self'");
    expect(byName.get('static asset')!.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(byName.get('static asset')!.type).toMatch(/javascript/);
    expect(byName.get('private image')!.type).toBe('image/png');
    expect(byName.get('socket upgrade refusal')!.status).toBe(403);
    expect(byName.get('error envelope: unsupported type (1003)')!.status).toBe(415);
    expect(byName.get('error envelope: unknown API path')!.status).toBe(404);

    let missing = 0;
    const problems: string[] = [];
    for (const [name, res] of answers) {
      const cells: string[] = [];
      for (const [header, ok] of REQUIRED_HEADERS) {
        const raw = res.headers[header];
        const value = Array.isArray(raw) ? raw.join(', ') : (raw ?? '');
        const good = value !== '' && ok(value);
        cells.push(good ? '✓' : '✗');
        if (!good) {
          missing += 1;
          problems.push(`${dialect} ${name} (HTTP ${res.status}): ${header} = ${JSON.stringify(value)}`);
        }
      }
      const poweredBy = res.headers['x-powered-by'] !== undefined;
      cells.push(poweredBy ? '✗' : '✓');
      if (poweredBy) {
        missing += 1;
        problems.push(`${dialect} ${name}: x-powered-by is sent`);
      }
      if (dialect === 'sqlite') headerTable.push(`| ${name} (HTTP ${res.status}) | ${cells.join(' | ')} |`);
    }
    // The private image is never cached by shared caches, and never sniffed.
    expect(byName.get('private image')!.headers['cache-control']).toMatch(/private/);
    rows.push(
      { figure: `${dialect}: kinds of answer checked`, value: answers.length },
      { figure: `${dialect}: required security headers missing or wrong`, value: missing, goal: '0' },
    );
    expect(problems).toEqual([]);
  });
});

function popcount(byte: number): number {
  let n = 0;
  for (let b = byte; b; b >>= 1) n += b & 1;
  return n;
}
