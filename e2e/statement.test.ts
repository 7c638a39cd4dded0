import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createDatabase } from '../apps/server/src/core/db/create-db.js';
import { pdfLines } from '../apps/server/test/pdf-text.js';
import { assertAccessible } from './axe-audit.js';
import { ARTIFACTS, phonePage, serverAndBrowser, type RunningServer } from './harness.js';
import {
  ADMIN,
  api,
  apiLogin,
  deskToken,
  firstUseByApi,
  logIn,
  makePng,
  registerByApi,
  startDemo,
  type Login,
} from './helpers.js';

/**
 * Trader statements in the app (docs/statements.md "In the app"): a real trader with a deposit
 * and a closed trade opens the account log, downloads this month's PDF statement and reads
 * their closing balance in it; then turns the monthly statement e-mail on in settings and
 * the server holds it. The screens are photographed in English, Chinese (Hong Kong) and Arabic.
 */

const EMAIL = 'statement-journey@example.com';
/** Where the pictures also go (outside the repo), for a person to look at. */
const SHOTS = process.env.STATEMENT_SHOTS_DIR ?? '';

async function picture(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file });
  await assertAccessible(page, name);
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.copyFileSync(file, path.join(SHOTS, `${name}.png`));
  }
}

/** An operator's POST to the back office API. */
async function deskPost(server: RunningServer, token: string, url: string, body: object): Promise<void> {
  const res = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      lang: 'en',
      'idempotency-key': `statement-journey-${url}-${JSON.stringify(body)}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string };
  assert.equal(json.code, 1, `${url}: ${json.msg}`);
}

/** A coin deposit of `amount` USDT with its proof, approved by finance. */
async function deposit(
  server: RunningServer,
  opsToken: string,
  trader: Login,
  amount: string,
): Promise<void> {
  const channels = await api<{ id: number }[]>(server, '/api/quickCharge/info', undefined, trader.token);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(makePng(240, 160))], { type: 'image/png' }), 'proof.png');
  const proof = await api<{ url: string }>(server, '/api/common/image_upload', form, trader.token);
  const declared = await api<{ id: number }>(
    server,
    '/api/quickCharge/submit',
    { number: amount, proofImg: proof.url, charge_id: channels[0]!.id },
    trader.token,
  );
  await deskPost(server, opsToken, '/api/admin/deposits/approve', { id: declared.id });
}

/** A BTC/USD market buy, closed at once: a fee and a realised profit or loss. */
async function roundTrip(server: RunningServer, trader: Login): Promise<void> {
  const opened = await api<{ Id: number }>(
    server,
    '/v1/api/forex/submit',
    { type: 1, cont: '0.01', forex_id: 26, status: 1, multiple: 20 },
    trader.token,
  );
  await api(server, '/v1/api/forex/close', { id: opened.Id }, trader.token);
}

/** The trader's balance to the micro-dollar: the sum of their account log (docs/money.md). */
async function ledgerBalance(server: RunningServer, userId: number): Promise<number> {
  const handle = createDatabase({ url: server.databaseUrl, dataDir: server.dataDir });
  try {
    const rows = await handle.db
      .selectFrom('account_logs')
      .select('amount')
      .where('user_id', '=', userId)
      .execute();
    return rows.reduce((sum, r) => sum + Number(r.amount), 0);
  } finally {
    await handle.db.destroy();
  }
}

/** Chooses a date in the open date picker sheet: today, as it opens. */
async function confirmPicker(page: Page): Promise<void> {
  const picker = page.getByRole('dialog').filter({ has: page.getByTestId('statement-date-picker') });
  await picker.waitFor();
  await page.waitForTimeout(400); // the sheet's opening animation
  await picker.getByTestId('statement-date-picker-confirm').click();
  await picker.waitFor({ state: 'hidden' });
}

/**
 * Micro-dollars as the English statement writes them: grouped, 2 decimals, more only when the
 * ledger holds more (docs/statements.md "Figures"). Made from the integer, never a float.
 */
function englishUsd(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / 1_000_000).toLocaleString('en-US');
  const fraction = String(abs % 1_000_000)
    .padStart(6, '0')
    .replace(/(\d\d\d*?)0+$/, '$1');
  return `${sign}${whole}.${fraction}`;
}

async function traderPage(browser: Browser, server: RunningServer, lang: string): Promise<Page> {
  const page = await phonePage(browser, { lang });
  await logIn(page, server, EMAIL);
  return page;
}

void describe('trader statements in the app', () => {
  const journey = serverAndBrowser(ADMIN);

  void it('downloads this month’s PDF with the closing balance, and saves the monthly e-mail', async () => {
    const { server, browser } = journey;
    const operator = await firstUseByApi(
      server,
      ADMIN.ADMIN_EMAIL,
      ADMIN.ADMIN_PASSWORD,
      'Statement-ops-2026x',
    );
    const opsToken = await deskToken(server, operator);
    await registerByApi(server, EMAIL);
    const trader = await apiLogin(server, EMAIL);
    await deposit(server, opsToken, trader, '1000');
    await roundTrip(server, trader);
    const balance = await ledgerBalance(server, trader.user.id);
    // 1,000 in, then a fee and the close's result: not a round figure, read to the micro-dollar.
    assert.notEqual(balance, 1_000_000_000);
    assert.ok(balance > 900_000_000 && balance < 1_100_000_000, String(balance));

    const page = await traderPage(browser, server, 'en');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/mine/history`);
    await page.locator('[data-testid="ledger-row"][data-type="deposit"]').waitFor();
    const downloads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/statement/download')) downloads.push(r.url());
    });

    await page.getByTestId('statement-action').click();
    await page.getByTestId('statement-sheet').waitFor();
    // This month and PDF are chosen as the sheet opens. A double tap sends one request.
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const month = await page.evaluate(
      (tz) =>
        new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit' })
          .format(new Date())
          .slice(0, 7),
      zone,
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('statement-download').dblclick(),
    ]);
    assert.equal(download.suggestedFilename(), `pipwise-statement-${month}.pdf`);
    await page.getByText('Statement downloaded').waitFor();
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    assert.equal(bytes.subarray(0, 4).toString('latin1'), '%PDF');
    const lines = await pdfLines(new Uint8Array(bytes));
    const closing = englishUsd(balance);
    assert.ok(
      lines.some((l) => l.includes(`Closing balance ${closing}`)),
      `"Closing balance ${closing}" in:\n${lines.join('\n')}`,
    );
    await page.waitForTimeout(700);
    assert.equal(downloads.length, 1, 'one request for a double tap');
    const sent = new URL(downloads[0]!).searchParams;
    assert.deepEqual(Object.fromEntries(sent), {
      account: String(trader.user.id),
      format: 'pdf',
      month,
      tz: zone,
      lang: 'en',
    });

    // A range without its dates is refused on the phone, before anything is sent.
    await page.getByTestId('statement-kind-range').click();
    await page.getByTestId('statement-download').click();
    await page
      .getByTestId('statement-problem')
      .getByText('Choose a month, or a start and an end date')
      .waitFor();
    assert.equal(downloads.length, 1);

    // Settings: the monthly statement e-mail, off until turned on; the server keeps it.
    await page.goto(`${server.url}/mine/system`);
    const monthly = page.getByTestId('statement-switch-monthly_email');
    await page.locator('[data-testid="statement-switch-monthly_email"][aria-disabled="false"]').waitFor();
    assert.equal(await monthly.getAttribute('data-checked'), '0');
    await monthly.click();
    await page.locator('[data-testid="statement-switch-monthly_email"][data-checked="1"]').waitFor();
    await page.getByText('Saved').waitFor();
    const saved = await api<{ monthly_email: number; trade_confirmations: number }>(
      server,
      '/v1/api/main/statement/preferences',
      undefined,
      trader.token,
    );
    assert.deepEqual(saved, { monthly_email: 1, trade_confirmations: 0, has_email: true });
    // Read again after a reload: the switch shows what the server holds.
    await page.reload();
    await page.locator('[data-testid="statement-switch-monthly_email"][data-checked="1"]').waitFor();
    assert.deepEqual(errors, []);
    await page.context().close();

    // Pictures: the account log, the sheet (month and range), the settings group.
    for (const lang of ['en', 'hk', 'ar']) {
      const shot = await traderPage(browser, server, lang);
      await shot.goto(`${server.url}/mine/history`);
      await shot.locator('[data-testid="ledger-row"]').first().waitFor();
      await picture(shot, `statement-log-${lang}`);

      await shot.getByTestId('statement-action').click();
      await shot.getByTestId('statement-sheet').waitFor();
      await shot.getByTestId('statement-kind-month').click();
      await shot.getByTestId('statement-month').click();
      await confirmPicker(shot);
      await shot.waitForTimeout(300);
      await picture(shot, `statement-sheet-month-${lang}`);

      await shot.getByTestId('statement-kind-range').click();
      await shot.getByTestId('statement-from').click();
      await shot.getByTestId('statement-date-picker').waitFor();
      await shot.waitForTimeout(400);
      await picture(shot, `statement-date-picker-${lang}`);
      await confirmPicker(shot);
      await shot.getByTestId('statement-to').click();
      await confirmPicker(shot);
      await shot.waitForTimeout(300);
      await picture(shot, `statement-sheet-range-${lang}`);

      await shot.goto(`${server.url}/mine/system`);
      await shot.locator('[data-testid="statement-switch-monthly_email"][data-checked="1"]').waitFor();
      await shot.waitForTimeout(300);
      await picture(shot, `statement-settings-${lang}`);
      await shot.context().close();

      // A demo account is told the e-mails are for live accounts, with nothing to switch.
      const demo = await phonePage(browser, { lang });
      await startDemo(demo, server);
      await demo.goto(`${server.url}/mine/system`);
      await demo.getByTestId('statement-emails-demo').waitFor();
      assert.equal(await demo.getByTestId('statement-switch-monthly_email').count(), 0);
      await picture(demo, `statement-settings-demo-${lang}`);
      await demo.context().close();
    }
  });
});
