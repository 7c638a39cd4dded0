import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { serverAndBrowser } from './harness.js';
import { ADMIN, desk, deskLogIn, deskSession, operatorAndCreditedTrader, photographDesk } from './helpers.js';

/**
 * The operators' reports (docs/reports.md) as finance uses them: a trader is credited
 * through the back office; the operator opens Reports, picks today in Hong Kong time, reads
 * the credit in the trial balance, opens the entries behind it, and downloads the CSV, whose
 * row says the same. Then the screen is photographed at a phone's and a desktop's size in
 * English, Chinese (Hong Kong) and Arabic (right to left).
 */

const TRADER_EMAIL = 'reports-journey@example.com';
const TZ = 'Asia/Hong_Kong';
/** Where the pictures go besides e2e/artifacts (outside the repo). */
const SHOTS = process.env.REPORT_SHOTS_DIR ?? '';

/** Today's calendar date in Hong Kong, as the range picker and the server read it. */
const todayThere = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(Date.now());

/** Picks the time zone and a one-day range through the controls, as an operator would. */
async function pickRange(page: Page, day: string): Promise<void> {
  await page.getByTestId('report-tz').click();
  await page.keyboard.type('Hong_Kong');
  await page.locator('.ant-select-item-option[title="Asia/Hong_Kong"]').click();
  const inputs = page.locator('.ant-picker-range input');
  await inputs.nth(0).click();
  await inputs.nth(0).fill(day);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(day);
  await inputs.nth(1).press('Enter');
}

/** Opens the trial balance: a tab on a wide screen, the list on a phone. */
async function openTrialBalance(page: Page): Promise<void> {
  const tab = page.getByTestId('report-tab-trial-balance');
  if (await tab.isVisible()) return tab.click();
  await page.getByTestId('report-select').click();
  await page.locator('.ant-select-item-option').last().click();
}

void describe('operator reports', () => {
  const journey = serverAndBrowser(ADMIN);

  void it('shows a figure, its entries, and a CSV that has its row', async () => {
    const { server, browser } = journey;
    const { operator } = await operatorAndCreditedTrader(server, {
      operatorPassword: 'Report-ops-2026x',
      traderEmail: TRADER_EMAIL,
      credit: { amount: '1234.5', reason: 'Reports journey' },
    });
    const day = todayThere();

    const { context, page, errors } = await desk(browser, 'en');
    await deskLogIn(page, server, operator);
    await page.getByTestId('menu-reports').click();
    await page.waitForURL((u) => u.pathname === '/admin/reports');
    await pickRange(page, day);
    await page.getByTestId('report-tab-trial-balance').click();

    // The credit is the adjustments account's credit for the day, and the books balance.
    const row = page.locator('tr', { has: page.getByTestId('account-operator_adjustments') });
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    assert.deepEqual(cells, ['Operator adjustments', '$0.00', '$0.00', '$1,234.50', '-$1,234.50', '1']);
    await page.getByTestId('trial-balance-check').filter({ hasText: 'The books balance' }).waitFor();

    // The entries behind it.
    await page.getByTestId('account-operator_adjustments').click();
    const drawer = page.getByTestId('report-entries');
    await drawer.locator('td', { hasText: 'Reports journey' }).waitFor();
    await drawer.locator('td', { hasText: '$1,234.50' }).first().waitFor();
    await page.keyboard.press('Escape');

    // The CSV of the report: the same row, numbers as numbers.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('report-csv').click(),
    ]);
    assert.equal(download.suggestedFilename(), `pipwise-trial-balance-${day}-${day}.csv`);
    const file = await download.path();
    const text = fs.readFileSync(file, 'utf8');
    assert.ok(text.startsWith('\uFEFF"account","opening_usd"'), text.slice(0, 80));
    assert.ok(text.includes('\r\n"operator_adjustments",0,0,1234.5,-1234.5,1\r\n'), text);
    assert.ok(text.includes('\r\n"check",0,1234.5,1234.5,0,2\r\n'), text);
    assert.deepEqual(errors, []);

    const session = await deskSession(page);
    await context.close();

    await photographDesk(browser, {
      session,
      name: 'reports',
      alsoTo: SHOTS,
      show: async (shot) => {
        await shot.goto(`${server.url}/admin/reports`);
        await pickRange(shot, day);
        await openTrialBalance(shot);
        await shot.getByTestId('account-operator_adjustments').waitFor();
        await shot.evaluate(() => window.scrollTo(0, 0));
      },
    });
  });
});
