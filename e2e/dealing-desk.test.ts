import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ARTIFACTS, serverAndBrowser, type RunningServer } from './harness.js';
import {
  ADMIN,
  api,
  apiLogin,
  desk,
  deskLogIn,
  deskToken,
  firstUseByApi,
  registerByApi,
  type Login,
} from './helpers.js';

/**
 * The dealing desk (docs/dealing-desk.md) as an operator uses it: a real trader holds a
 * BTC/USD position; the admin signs in, opens the desk and reads the instrument's exposure
 * row; the trader opens another position and the row follows on its own, pushed by the
 * operator socket, without a reload. Then the desk is photographed at a phone's and a
 * desktop's size in English, Chinese (Hong Kong) and Arabic (right to left).
 */

const TRADER_EMAIL = 'desk-journey@example.com';
/** Where the pictures of this journey go besides e2e/artifacts (outside the repo). */
const SHOTS = process.env.DESK_SHOTS_DIR ?? '';

/** The 6-digit code of the latest e-mail to `to`, read from the back office's outbox. */
async function outboxCode(server: RunningServer, opsToken: string, to: string): Promise<string> {
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

/** Credits a real trader through the back office, as finance would. */
async function credit(
  server: RunningServer,
  opsToken: string,
  userId: number,
  amount: string,
): Promise<void> {
  const res = await fetch(`${server.url}/api/admin/users/adjust_balance`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${opsToken}`,
      lang: 'en',
      'idempotency-key': `desk-journey-${userId}-${amount}`,
    },
    body: JSON.stringify({ id: userId, amount, reason: 'Dealing desk journey' }),
  });
  const json = (await res.json()) as { code: number; msg: string };
  assert.equal(json.code, 1, json.msg);
}

/** A market buy of BTC/USD, as the trader's app sends it. */
function buyBtc(server: RunningServer, trader: Login, lots: string): Promise<unknown> {
  return api(
    server,
    '/v1/api/forex/submit',
    { type: 1, cont: lots, forex_id: 26, status: 1, multiple: 20 },
    trader.token,
  );
}

async function picture(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.copyFileSync(file, path.join(SHOTS, `${name}.png`));
  }
}

void describe('the dealing desk', () => {
  const journey = serverAndBrowser(ADMIN);

  void it('shows a held instrument and follows a new position live', async () => {
    const { server, browser } = journey;
    const operator = await firstUseByApi(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD, 'Desk-ops-2026x');
    const opsToken = await deskToken(server, operator);
    await registerByApi(server, TRADER_EMAIL, { codeOf: (to) => outboxCode(server, opsToken, to) });
    const trader = await apiLogin(server, TRADER_EMAIL);
    await credit(server, opsToken, trader.user.id, '5000');
    await buyBtc(server, trader, '0.01');

    const { context, page, errors } = await desk(browser, 'en');
    await deskLogIn(page, server, operator);
    await page.getByTestId('menu-desk').click();
    await page.waitForURL((u) => u.pathname === '/admin/desk');
    const row = page.getByTestId('desk-exposure-BTCUSD');
    await row.waitFor();
    const cells = () => row.locator('td').allInnerTexts();
    // Instrument, positions, long lots, short lots, net lots …
    assert.deepEqual((await cells()).slice(0, 5), ['BTCUSD', '1', '0.01', '0', '0.01']);
    await page.locator('[data-testid="desk-link"][data-link="live"]').waitFor({ timeout: 15_000 });
    await page.getByTestId('desk-exposure-chart').locator('svg').first().waitFor();
    await page.getByTestId('desk-fills-chart').locator('svg').first().waitFor();
    await page.getByTestId(`desk-account-${trader.user.id}`).first().waitFor();

    // The trader buys again: the row changes without a reload.
    const loads = { count: 0 };
    page.on('load', () => (loads.count += 1));
    await buyBtc(server, trader, '0.02');
    await page.waitForFunction(
      () => {
        const tds = document.querySelectorAll('[data-testid="desk-exposure-BTCUSD"] td');
        return tds[1]?.textContent === '2' && tds[2]?.textContent === '0.03';
      },
      undefined,
      { timeout: 15_000 },
    );
    assert.equal(loads.count, 0, 'no reload');
    assert.deepEqual(errors, []);

    // The account links to its trader page.
    await page.getByTestId(`desk-account-${trader.user.id}`).first().click();
    await page.waitForURL(
      (u) => u.pathname === '/admin/users' && u.searchParams.get('id') === String(trader.user.id),
    );
    // The pictures reuse this session: one login per language would wait for new codes.
    const session = await page.evaluate(() => localStorage.getItem('pipwise.admin.session'));
    assert.ok(session);
    await context.close();

    for (const lang of ['en', 'hk', 'ar']) {
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1440, height: 900 },
      ]) {
        const shot = await desk(browser, lang, viewport);
        await shot.context.addInitScript(
          (s) => window.localStorage.setItem('pipwise.admin.session', s),
          session,
        );
        await shot.page.goto(`${server.url}/admin/desk`);
        await shot.page.getByTestId('desk-exposure-BTCUSD').waitFor();
        await shot.page.locator('[data-testid="desk-link"][data-link="live"]').waitFor({ timeout: 15_000 });
        await shot.page.waitForTimeout(600);
        await picture(shot.page, `desk-${lang}-${viewport.width}`);
        assert.deepEqual(shot.errors, [], `${lang} ${viewport.width}`);
        await shot.context.close();
      }
    }
  });
});
