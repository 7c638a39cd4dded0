import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, phonePage, screenshot, startServer, type RunningServer } from './harness.js';
import { api, openPair, startDemo, storage } from './helpers.js';

/**
 * Partial close and close all (docs/money.md "Partial close and close all") at 390×844, in
 * en, hk and ar: the demo trader buys BTC/USD on the trade screen and, by the API, a second
 * BTC/USD and an ETH/USD position; on /order closes part of the first from its detail (the
 * lots stepper, the confirmation with the lots, the price and the money, the result), and the
 * server agrees — the position keeps the rest, the part is in history with its share of the
 * margin, and the account log books its profit against it; then "Close all" of BTC/USD, and
 * "Close all" of what is left, each confirmed with the count and the money and summed up.
 */

const BTC = 26;
const ETH = 27;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
interface Texts {
  common: { ok: string };
  trading: { continue_trading: string };
  orders: { part: { confirm: string }; close_all: { confirm: string } };
}
const texts = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(root, 'packages/locales/src', `${lang}.json`), 'utf8')) as Texts;

interface Order {
  Id: number;
  ForexId: number;
  Status: number;
  Quantity: number;
  CautionMoney: number;
  TradeFee: number;
  FactProfits: number;
  CloseReason: string;
  SplitFrom?: number;
}
interface LogRow {
  Type: string;
  Value: number;
  OrderId: number;
}
const micros = (usd: number) => Math.round(usd * 1_000_000);

for (const lang of ['en', 'hk', 'ar'] as const) {
  void describe(`partial close and close all (${lang})`, () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    const errors: string[] = [];
    const t = texts(lang);
    before(async () => {
      server = await startServer();
      browser = await launchChromium();
      page = await phonePage(browser, { lang });
      page.on('pageerror', (e) => errors.push(e.message));
    });
    after(async () => {
      await browser?.close();
      await server?.stop();
    });

    const orders = async (token: string, status: 1 | 3) =>
      (
        await api<{ data: Order[] }>(
          server,
          `/v1/api/forex/my_deal?status=${status}&page=1`,
          undefined,
          token,
        )
      ).data;
    const balance = async (token: string) =>
      (await api<{ balance: number }>(server, '/v1/api/main/wallet/getBalance', undefined, token)).balance;
    /** A picture once antd-mobile's sheets, dialogs and toasts have finished sliding and fading. */
    const picture = async (name: string) => {
      await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
      await page.waitForTimeout(600);
      await screenshot(page, name);
    };
    /** The confirming button of the open antd-mobile dialog whose content has `testId`. */
    const dialogButton = (testId: string, name: string) =>
      page
        .locator('.adm-dialog', { has: page.getByTestId(testId) })
        .getByRole('button', { name, exact: true });

    void it('closes part of a position, then all of one pair, then all', async () => {
      // 1. The demo account; a BTC/USD buy of 0.10 lot from the trade screen.
      await startDemo(page, server);
      const token = (await storage(page, 'pipwise.token')) ?? '';
      await openPair(page, 'BTCUSD', 'btc');
      await page.getByTestId('lots-input').fill('0.10');
      await page.getByTestId('side-buy').click();
      await page.getByTestId('order-submit').click();
      await page.getByTestId('order-success').waitFor();
      await page.getByRole('button', { name: t.trading.continue_trading }).click();
      const [first] = await orders(token, 1);
      assert.ok(first && first.Quantity === 0.1 && first.ForexId === BTC, JSON.stringify(first));

      // 2. A second BTC/USD position and one on ETH/USD, through the API.
      for (const [forexId, cont] of [
        [BTC, '0.05'],
        [ETH, '1'],
      ] as const)
        await api(
          server,
          '/v1/api/forex/submit',
          { type: 1, cont, forex_id: forexId, status: 1, multiple: 10 },
          token,
        );

      // 3. The first position's detail on /order: "Close part", 0.04 of its 0.1 lot.
      await page.goto(`${server.url}/order?type=1`);
      await page.locator('[data-testid="order-card"]').nth(2).waitFor();
      await page.locator(`[data-testid="order-card"][data-id="${first.Id}"]`).click();
      const detail = page.getByTestId('order-detail');
      await detail.waitFor();
      const part = detail.getByTestId('close-part');
      await part.scrollIntoViewIfNeeded();
      await part.getByTestId('part-lots').fill('0.04');
      await page.waitForFunction(() =>
        /\d/.test(document.querySelector('[data-testid="part-estimate"]')?.textContent ?? ''),
      );
      assert.equal((await part.getByTestId('part-rest').innerText()).replace(/[\u2066-\u2069]/g, ''), '0.06');
      await screenshot(page, `partial-close-1-detail-${lang}`);
      const balanceBefore = await balance(token);

      // 4. Confirmed with the lots, the price now and the estimate; the result as booked.
      await part.getByTestId('close-part-submit').click();
      await page.getByTestId('part-confirm').waitFor();
      assert.equal(
        (await page.getByTestId('part-confirm-lots').innerText()).replace(/[\u2066-\u2069]/g, ''),
        '0.04',
      );
      await picture(`partial-close-2-confirm-${lang}`);
      await dialogButton('part-confirm', t.orders.part.confirm).click();
      await page.getByTestId('part-result').waitFor();
      await page.getByTestId('part-confirm').waitFor({ state: 'detached' });
      await picture(`partial-close-3-result-${lang}`);
      await dialogButton('part-result', t.common.ok).click();
      await page.getByTestId('part-result').waitFor({ state: 'detached' });

      // 5. The server agrees: 0.06 open with the rest of the margin; the part in history with
      // its share, and the account log books the part's profit against it.
      const rest = (await orders(token, 1)).find((o) => o.Id === first.Id)!;
      assert.equal(rest.Quantity, 0.06);
      const closedPart = (await orders(token, 3)).find((o) => o.SplitFrom === first.Id)!;
      assert.ok(closedPart, 'the part is in history');
      assert.equal(closedPart.Quantity, 0.04);
      assert.equal(closedPart.CloseReason, 'partial');
      assert.equal(micros(rest.CautionMoney) + micros(closedPart.CautionMoney), micros(first.CautionMoney));
      assert.equal(micros(rest.TradeFee) + micros(closedPart.TradeFee), micros(first.TradeFee));
      assert.equal(micros(await balance(token)) - micros(balanceBefore), micros(closedPart.FactProfits));
      const log = (
        await api<{ data: LogRow[] }>(server, '/v1/api/main/accountLog/forexChange?page=1', undefined, token)
      ).data;
      const booked = log.filter((l) => l.OrderId === closedPart.Id);
      assert.deepEqual(
        booked.map((l) => [l.Type, micros(l.Value)]),
        closedPart.FactProfits === 0 ? [] : [['trade_profit', micros(closedPart.FactProfits)]],
      );
      // The detail now shows the rest.
      await page.waitForFunction(
        (id) =>
          document
            .querySelector(`[data-testid="order-card"][data-id="${id}"]`)
            ?.textContent?.includes('0.06'),
        first.Id,
      );
      await page.locator('[data-testid="order-detail"] button[aria-label]').first().click();
      await detail.waitFor({ state: 'hidden' });

      // 6. Close all of BTC/USD: the sheet offers every position and each pair.
      await page.getByTestId('close-all-open').click();
      await page.getByTestId(`close-all-choice-${BTC}`).waitFor();
      await picture(`partial-close-4-close-all-sheet-${lang}`);
      await page.getByTestId(`close-all-choice-${BTC}`).click();
      await page.getByTestId('close-all-confirm').waitFor();
      assert.equal(await page.getByTestId('close-all-count').innerText(), '2');
      await picture(`partial-close-5-close-all-confirm-${lang}`);
      await dialogButton('close-all-confirm', t.orders.close_all.confirm).click();
      await page.getByTestId('close-all-result').waitFor();
      await page.getByTestId('close-all-confirm').waitFor({ state: 'detached' });
      assert.equal(await page.getByTestId('close-all-closed').innerText(), '2');
      await picture(`partial-close-6-close-all-result-${lang}`);
      await dialogButton('close-all-result', t.common.ok).click();
      await page.getByTestId('close-all-result').waitFor({ state: 'detached' });
      assert.deepEqual(
        (await orders(token, 1)).map((o) => o.ForexId),
        [ETH],
      );

      // 7. Close all of what is left.
      await page.locator('[data-testid="order-card"]').nth(1).waitFor({ state: 'detached' });
      await page.getByTestId('close-all-open').click();
      await page.getByTestId('close-all-choice-all').click();
      await page.getByTestId('close-all-confirm').waitFor();
      assert.equal(await page.getByTestId('close-all-count').innerText(), '1');
      await dialogButton('close-all-confirm', t.orders.close_all.confirm).click();
      await page.getByTestId('close-all-result').waitFor();
      await dialogButton('close-all-result', t.common.ok).click();
      await page.getByTestId('orders-empty').waitFor();
      assert.deepEqual(await orders(token, 1), []);
      await picture(`partial-close-7-all-closed-${lang}`);
      assert.deepEqual(errors, []);
    });
  });
}
