import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { createDatabase } from '../apps/server/src/core/db/create-db.js';
import { hashToken } from '../apps/server/src/modules/auth/session.service.js';
import { assertAccessible } from './axe-audit.js';
import { ARTIFACTS, type RunningServer } from './harness.js';

/**
 * What the journeys share besides the server and the browser (harness.ts): the API calls a
 * test makes to set things up, the e-mailed codes (a real SMTP server, the server's log or
 * the back office's outbox), people logging in the way a person does — through the login
 * page, never with a session written into storage —, the back office's login, and images.
 */

export const PASSWORD = 'Pipwise2026';
/** A valid TRON address (base58check with the 0x41 prefix). */
export const TRC20_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
/**
 * The first operator of the journeys' servers (started with ADMIN_EMAIL/ADMIN_PASSWORD).
 * Their first login asks for a new password and two-factor before anything else
 * (`firstUseByApi`, or the first-use screen in admin.test.ts).
 */
export const ADMIN = { ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'Operator2026x' };

/** An operator who finished their first use: their own password and their authenticator. */
export interface DeskOperator {
  email: string;
  password: string;
  totpSecret: string;
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface Login {
  token: string;
  user: { id: number; email?: string; invite_code?: string; is_demo: number };
}

/** One API call as the apps make it (JSON or multipart), the envelope as answered. */
export async function call<T>(
  server: RunningServer,
  url: string,
  init: { body?: object | FormData; token?: string } = {},
): Promise<Envelope<T>> {
  const { body, token } = init;
  const res = await fetch(`${server.url}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      lang: 'en',
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: token } : {}),
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as Envelope<T>;
}

/** An API call that must succeed; its data. */
export async function api<T>(
  server: RunningServer,
  url: string,
  body?: object | FormData,
  token?: string,
): Promise<T> {
  const json = await call<T>(server, url, { ...(body ? { body } : {}), ...(token ? { token } : {}) });
  assert.equal(json.code, 1, `${url}: ${json.msg}`);
  return json.data;
}

/** Polls `read` until it gives a value. */
async function poll<T>(read: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function waitUntil(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  await poll(() => (check() ? true : undefined), what, timeoutMs);
}

/**
 * The 6-digit code of the latest e-mail to `to` in the server log (without SMTP_URL the
 * server logs each e-mail instead of sending it; the code may sit in `msg` or `text`).
 */
export function mailedCode(server: RunningServer, to: string): Promise<string> {
  return poll(() => {
    const texts = server
      .output()
      .split('\n')
      .filter((line) => line.includes(to) && line.startsWith('{'))
      .map((line) => {
        const entry = JSON.parse(line) as { msg?: string; text?: string };
        return `${entry.msg ?? ''} ${entry.text ?? ''}`.replaceAll(to, '');
      });
    return texts
      .reverse()
      .map((text) => /\b(\d{6})\b/.exec(text)?.[1])
      .find(Boolean);
  }, `a code logged for ${to}`);
}

/**
 * The 6-digit code of the latest e-mail to `to`, read where support reads it: the back
 * office's outbox (no SMTP_URL here, so e-mails are only logged there).
 */
export async function outboxCode(server: RunningServer, opsToken: string, to: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const page = await api<{ data: { body: string }[] }>(
      server,
      `/api/admin/outbox/list?channel=email&recipient=${encodeURIComponent(to)}`,
      undefined,
      opsToken,
    );
    const code = page.data[0] ? /\b(\d{6})\b/.exec(page.data[0].body)?.[1] : undefined;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code in the outbox for ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An operator's balance adjustment of a trader, as the back office sends it; it must succeed. */
export async function adjustBalance(
  server: RunningServer,
  opsToken: string,
  change: { userId: number; amount: string; reason: string },
): Promise<void> {
  const res = await fetch(`${server.url}/api/admin/users/adjust_balance`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${opsToken}`,
      lang: 'en',
      'idempotency-key': `adjust-${change.userId}-${change.amount}-${change.reason.length}`,
    },
    body: JSON.stringify({ id: change.userId, amount: change.amount, reason: change.reason }),
  });
  const json = (await res.json()) as { code: number; msg: string };
  assert.equal(json.code, 1, json.msg);
}

/**
 * One code per address per 60 s (docs/api.md "Accounts and access"): a journey that needs
 * a second code for the same address lets that minute pass by moving the address's send
 * count a minute back in the server's database, rather than waiting. The limit itself
 * has its own server tests.
 */
export async function letAMinutePass(server: RunningServer, address: string): Promise<void> {
  const handle = createDatabase({ url: server.databaseUrl, dataDir: server.dataDir });
  try {
    await handle.db
      .updateTable('rate_hits')
      .set((eb) => ({ at: eb('at', '-', 60_000) }))
      .where('bucket', '=', 'code_target')
      .where('key', '=', address.toLowerCase())
      .execute();
  } finally {
    await handle.db.destroy();
  }
}

/**
 * A withdrawal asks a session that proved its trader is there more than five minutes ago
 * to do so again (docs/passkeys.md "Step-up before a withdrawal"): a journey ages the
 * session's last proof in the server's database rather than waiting five minutes.
 */
export async function letStepUpLapse(server: RunningServer, token: string): Promise<void> {
  const handle = createDatabase({ url: server.databaseUrl, dataDir: server.dataDir });
  try {
    await handle.db
      .updateTable('sessions')
      .set({ verified_at: 0 })
      .where('token_hash', '=', hashToken(token))
      .execute();
  } finally {
    await handle.db.destroy();
  }
}

/** Every message the test's own SMTP server received (for servers started with SMTP_URL). */
export class Mailbox {
  private readonly messages: { to: string; data: string }[] = [];
  private readonly smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, session, callback) => {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
        callback();
      });
    },
  });

  /** Listens on a free port; the SMTP_URL to give the server. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.smtp.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.smtp.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.smtp.close(() => resolve()));
  }

  /** How many mails `to` has received so far (to wait for the next one). */
  count(to: string): number {
    return this.messages.filter((m) => m.to === to).length;
  }

  /** The 6-digit code of the latest mail to `to` — after the `after`-th one — waiting for it. */
  code(to: string, after = 0): Promise<string> {
    return poll(() => {
      const mails = this.messages.filter((m) => m.to === to);
      if (mails.length <= after) return undefined;
      // Headers (dates, message ids) may hold digits too: read the body only.
      const body = mails
        .at(-1)!
        .data.split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n');
      return /\b(\d{6})\b/.exec(body)?.[1];
    }, `a code mailed to ${to}`);
  }
}

/**
 * A real trader's account, registered through the API with the e-mailed code (`codeOf`
 * reads it: the log by default). The journey then logs in through the login page.
 */
export async function registerByApi(
  server: RunningServer,
  email: string,
  options: { codeOf?: (email: string) => Promise<string>; mobile?: string } = {},
): Promise<void> {
  await api(server, '/api/notify/send_email', { to: email, type: 1 });
  const code = await (options.codeOf ?? ((to) => mailedCode(server, to)))(email);
  await api(server, '/api/user/register', {
    type: 1,
    account: email,
    sms_code: code,
    password: PASSWORD,
    re_password: PASSWORD,
    ...(options.mobile ? { area_id: 344, mobile: options.mobile } : {}),
  });
}

/** The session the API gives the same person, for the test's own checks through the API. */
export function apiLogin(server: RunningServer, email: string, password = PASSWORD): Promise<Login> {
  return api<Login>(server, '/api/user/loginForU', { account: email, password, login_type: 1 });
}

export const pathOf = (page: Page): string => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

export const storage = (page: Page, key: string): Promise<string | null> =>
  page.evaluate((k) => localStorage.getItem(k), key);

/**
 * Logs in through the login page as a person does. Without `from` the app lands on home;
 * with it (`/login?from=…`, as the guard sends a guest) on that page.
 */
export async function logIn(
  page: Page,
  server: RunningServer,
  account: string,
  password = PASSWORD,
  from?: string,
): Promise<void> {
  await page.goto(`${server.url}/login${from ? `?from=${encodeURIComponent(from)}` : ''}`);
  await fillLogin(page, account, password);
  const landing = from ?? '/';
  await page.waitForURL((u) => u.pathname + u.search === landing);
}

/** Fills and sends the login form already on screen. */
export async function fillLogin(page: Page, account: string, password = PASSWORD): Promise<void> {
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** The order of antd-mobile's tab bar items (apps/web/src/app/layout/tab-bar.tsx). */
const TAB_ORDER = { news: 0, orders: 1, markets: 2, rank: 3, trade: 4 } as const;

/** Goes to a tab through the bottom tab bar, as a thumb does. */
export async function tapTab(page: Page, tab: keyof typeof TAB_ORDER): Promise<void> {
  await page.locator('[data-testid="tab-bar"] .adm-tab-bar-item').nth(TAB_ORDER[tab]).click();
}

/**
 * Opens `code` on the trade screen as a trader does: the trade tab, the pair drawer, `search`
 * typed, the pair tapped; `whileOpen` runs with the drawer open and filtered (a screenshot).
 */
export async function openPair(
  page: Page,
  code: string,
  search: string,
  whileOpen?: () => Promise<void>,
): Promise<void> {
  await tapTab(page, 'trade');
  await page.getByTestId('trade-header').waitFor();
  await page.getByTestId('pair-button').click();
  const picker = page.getByTestId('pair-picker');
  await picker.waitFor();
  await picker.locator('input').fill(search);
  await whileOpen?.();
  await picker.locator(`[data-testid="pair-option"][data-code="${code}"]`).click();
  await page.locator(`[data-testid="trade-page"][data-code="${code}"]`).waitFor();
  await picker.waitFor({ state: 'hidden' });
}

/** Starts this browser's demo account from the login page (docs/product.md §6); lands on home. */
export async function startDemo(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByTestId('demo-login').click();
  await page.waitForURL((u) => u.pathname === '/');
  await page.getByTestId('home-page').waitFor();
  assert.equal(JSON.parse((await storage(page, 'pipwise.user')) ?? '{}').is_demo, 1);
}

/** A back-office page at a desktop viewport in `lang`, with its page errors collected. */
export async function desk(
  browser: Browser,
  lang = 'en',
  viewport = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  await context.addInitScript((l) => window.localStorage.setItem('pipwise.admin.lang', l), lang);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { context, page, errors };
}

/** The last authenticator step used per secret: the server takes each code once. */
const usedSteps = new Map<string, number>();

/**
 * The authenticator app's code for `secret`, as a person reads it off their phone: one the
 * server has not taken yet. The server takes a code of the current 30-second step or the
 * one before, each step once; so this is the earliest such step after the last one used
 * here (the one before, unless the step is about to turn), waiting for the next step when
 * both are used.
 */
export async function totpCode(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / 30_000);
    const earliest = now % 30_000 < 25_000 ? current - 1 : current;
    const step = Math.max(earliest, (usedSteps.get(secret) ?? -1) + 1);
    if (step <= current) {
      usedSteps.set(secret, step);
      return generate({ secret, epoch: step * 30 });
    }
    await new Promise((r) => setTimeout(r, step * 30_000 - now + 200));
  }
}

/** An operator's session through the API: password, then the authenticator's code. */
export async function deskToken(server: RunningServer, operator: DeskOperator): Promise<string> {
  const login = await api<{ token: string }>(server, '/api/admin/auth/login', {
    email: operator.email,
    password: operator.password,
    totp_code: await totpCode(operator.totpSecret),
  });
  return login.token;
}

/**
 * An operator's first use done through the API (docs/api.md "Back office API"): log in with
 * the password they were given, replace it with `newPassword`, turn on two-factor. The
 * screens themselves are walked through once, in admin.test.ts.
 */
export async function firstUseByApi(
  server: RunningServer,
  email: string,
  given: string,
  newPassword: string,
): Promise<DeskOperator> {
  const { token } = await api<{ token: string; operator: { must_change_password: number } }>(
    server,
    '/api/admin/auth/login',
    { email, password: given },
  );
  await api(server, '/api/admin/auth/password', { old_password: given, new_password: newPassword }, token);
  const { secret } = await api<{ secret: string }>(
    server,
    '/api/admin/auth/totp/setup',
    { password: newPassword },
    token,
  );
  const profile = await api<{ must_change_password: number; totp_setup_required: boolean }>(
    server,
    '/api/admin/auth/totp/enable',
    { code: await totpCode(secret) },
    token,
  );
  assert.equal(profile.must_change_password, 0);
  assert.equal(profile.totp_setup_required, false);
  await api(server, '/api/admin/auth/logout', {}, token);
  return { email, password: newPassword, totpSecret: secret };
}

/**
 * An operator logs into the back office through its login page: e-mail and password, then
 * the code from their authenticator app when the page asks for it.
 */
export async function deskLogIn(page: Page, server: RunningServer, operator: DeskOperator): Promise<void> {
  await page.goto(`${server.url}/admin/`);
  await page.waitForURL((u) => u.pathname === '/admin/login');
  await page.getByTestId('login-email').fill(operator.email);
  await page.getByTestId('login-password').fill(operator.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('login-totp').fill(await totpCode(operator.totpSecret));
  await page.getByTestId('login-submit').click();
  await page.getByTestId('admin-menu').waitFor();
}

/** Waits for antd's success message in the back office, so the change is known saved. */
/**
 * Waits until the page's motions (a dialog opening, a dropdown unfolding) are over: a click
 * during one can land on a dropdown the dialog's focus is closing. Endless animations (a
 * spinner while a list refetches, a live dot) never end, so only finite ones are waited for.
 */
export async function motionsOver(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (motion) => motion.playState !== 'running' || motion.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

export async function deskSaved(page: Page): Promise<void> {
  await page.locator('.ant-message-success').last().waitFor();
}

/**
 * How the back-office journeys begin: the first operator finishes their first use with
 * `operatorPassword` and takes a session through the API; a trader registers (the code read
 * from the outbox) and the operator credits their account `credit`.
 */
export async function operatorAndCreditedTrader(
  server: RunningServer,
  options: { operatorPassword: string; traderEmail: string; credit: { amount: string; reason: string } },
): Promise<{ operator: DeskOperator; opsToken: string; trader: Login }> {
  const operator = await firstUseByApi(
    server,
    ADMIN.ADMIN_EMAIL,
    ADMIN.ADMIN_PASSWORD,
    options.operatorPassword,
  );
  const opsToken = await deskToken(server, operator);
  await registerByApi(server, options.traderEmail, { codeOf: (to) => outboxCode(server, opsToken, to) });
  const trader = await apiLogin(server, options.traderEmail);
  await adjustBalance(server, opsToken, { userId: trader.user.id, ...options.credit });
  return { operator, opsToken, trader };
}

/** The operator's session a logged-in back-office page keeps, to open more pages with it. */
export async function deskSession(page: Page): Promise<string> {
  const session = await page.evaluate(() => localStorage.getItem('pipwise.admin.session'));
  assert.ok(session);
  return session;
}

/** A full-page picture in e2e/artifacts, and in `alsoTo` too when set (outside the repo). */
export async function picture(page: Page, name: string, alsoTo = ''): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await assertAccessible(page, name);
  if (alsoTo) {
    fs.mkdirSync(alsoTo, { recursive: true });
    fs.copyFileSync(file, path.join(alsoTo, `${name}.png`));
  }
}

/**
 * Photographs a back-office page at a phone's and a desktop's size in English, Chinese (Hong
 * Kong) and Arabic (right to left) as `<name>-<lang>-<width>.png`, each page opened with the
 * operator's `session` (a login per language would wait for new authenticator codes) and
 * brought by `show` to what is pictured; no page may report an error.
 */
export async function photographDesk(
  browser: Browser,
  options: { session: string; name: string; alsoTo: string; show: (page: Page) => Promise<void> },
): Promise<void> {
  for (const lang of ['en', 'hk', 'ar']) {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      const shot = await desk(browser, lang, viewport);
      await shot.context.addInitScript(
        (s) => window.localStorage.setItem('pipwise.admin.session', s),
        options.session,
      );
      await showOrRetry(shot.page, `${options.name}-${lang}-${viewport.width}`, options.show);
      await shot.page.waitForTimeout(600);
      await picture(shot.page, `${options.name}-${lang}-${viewport.width}`, options.alsoTo);
      assert.deepEqual(shot.errors, [], `${lang} ${viewport.width}`);
      await shot.context.close();
    }
  }
}

/**
 * Brings a page to what is pictured; a picture whose page got stuck on the way (a dropdown
 * that did not open under a loaded CI machine) is photographed as `<name>-stuck`, reported on
 * stderr, and tried once more on a reloaded page. The journey's assertions ran before the
 * pictures; this keeps a slow render from failing a run without hiding that it happened.
 */
async function showOrRetry(page: Page, name: string, show: (page: Page) => Promise<void>): Promise<void> {
  try {
    await show(page);
  } catch (err) {
    await picture(page, `${name}-stuck`).catch(() => undefined);
    console.error(
      `# photograph ${name}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}; retrying`,
    );
    await show(page);
  }
}

/** A real PNG with a two-colour check pattern, made here so no file is checked in. */
export function makePng(width = 24, height = 16, rgb: [number, number, number] = [61, 139, 253]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const square = Math.max(4, Math.round(Math.min(width, height) / 8));
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * (width * 3 + 1) + 1 + x * 3;
      const on = Math.floor(x / square) % 2 === Math.floor(y / square) % 2;
      rows[i] = on ? rgb[0] : 245;
      rows[i + 1] = on ? rgb[1] : 245;
      rows[i + 2] = on ? rgb[2] : 245;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A number shown on screen ("1,234.56 USD", "+250.00"), as a number. */
export const numberIn = (text: string): number => Number(text.replace(/[^\d.-]/g, ''));

/** A TRC-20 USDT address bound for withdrawals through the API: the ids a withdrawal names. */
export async function bindUsdtAddress(
  server: RunningServer,
  token: string,
): Promise<{ draw_currency_id: number; draw_method_id: number }> {
  const currencies = await api<{ id: number; protocol: string }[]>(
    server,
    '/api/account/draw_symbol_list?type=1',
    undefined,
    token,
  );
  const usdt = currencies.find((c) => c.protocol === 'TRC20') ?? currencies[0]!;
  const method = await api<{ id: number }>(
    server,
    '/api/wallet/bind_draw_method',
    { type: 1, draw_id: usdt.id, dc_address: TRC20_ADDRESS },
    token,
  );
  return { draw_currency_id: usdt.id, draw_method_id: method.id };
}

/** Counts the POSTs to `path` the page sends (one tap, one request: docs/money.md "One tap, one action"). */
export function countRequests(page: Page, path: string): { count: () => number } {
  let n = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) n += 1;
  });
  return { count: () => n };
}

/** The middle of a button on screen, once it has stopped moving (a popup closing may scroll). */
export async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  await locator.scrollIntoViewIfNeeded();
  let last = '';
  for (let i = 0; i < 30; i += 1) {
    const box = await locator.boundingBox();
    assert.ok(box, 'the button is on screen');
    const now = JSON.stringify(box);
    if (now === last) return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    last = now;
    await locator.page().waitForTimeout(100);
  }
  throw new Error('the button keeps moving');
}
