import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { phonePage, screenshot, serverAndBrowser } from './harness.js';
import {
  ADMIN,
  api,
  apiLogin,
  desk,
  deskLogIn,
  deskSaved,
  firstUseByApi,
  logIn,
  makePng,
  registerByApi,
  startDemo,
  storage,
  bindUsdtAddress,
  centre,
  countRequests,
  waitUntil,
  type Envelope,
  type Login,
} from './helpers.js';

/**
 * One tap, one action (docs/money.md "One tap, one action"): on /trade a double click on
 * Buy — as fast as a script clicks and at a person's speed —, a double tap and Enter
 * pressed twice each open exactly one position (counted through the API and in the
 * requests sent); a double click on "Close position" sends one close. Then the account's
 * figures on the mine page follow an operator's decisions live, without a reload: the
 * deposit approved, a withdrawal held, paid with its reference (the operator double-clicks
 * the confirmation: one payment), another held and rejected — "Held for withdrawals" comes
 * and goes with the balance —, and the account log shows the hold and the release with
 * their amounts.
 */

interface OrderPage {
  data: { Id: number; Status: number }[];
  total: number;
}

const myDeal = async (url: string, token: string, status: 1 | 3): Promise<OrderPage> => {
  const res = await fetch(`${url}/v1/api/forex/my_deal?status=${status}&page=1`, {
    headers: { authorization: token },
  });
  const body = (await res.json()) as Envelope<OrderPage>;
  assert.equal(body.code, 1);
  return body.data;
};

void describe('one tap, one action', () => {
  const journey = serverAndBrowser(ADMIN);

  void it('opens one position per double click, double tap or double Enter on Buy, and closes one per double click', async () => {
    const { server, browser } = journey;
    const page = await phonePage(browser, { lang: 'en' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await startDemo(page, server);
    const token = (await storage(page, 'pipwise.token')) ?? '';
    const submits = countRequests(page, '/v1/api/forex/submit');
    const closes = countRequests(page, '/v1/api/forex/close');

    // BTC/USD: crypto trades at the weekend too.
    await page.goto(`${server.url}/trade?code=BTCUSD`);
    await page.locator('[data-testid="trade-page"][data-code="BTCUSD"]').waitFor();
    await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
    const submit = page.getByTestId('order-submit');
    const success = page.getByTestId('order-success');
    await page.waitForFunction(() => {
      const button = document.querySelector<HTMLButtonElement>('[data-testid="order-submit"]');
      return button !== null && !button.disabled;
    });

    /** The gesture sends one order: one request, one more position, however it is done. */
    const oneOrder = async (what: string, gesture: () => Promise<void>) => {
      const before = (await myDeal(server.url, token, 1)).total;
      const sent = submits.count();
      await gesture();
      const deadline = Date.now() + 15_000;
      while ((await myDeal(server.url, token, 1)).total === before) {
        if (Date.now() > deadline) {
          await screenshot(page, `one-tap-failed-${what.replaceAll(' ', '-')}`);
          const toasts = await page.locator('.adm-toast-main').allInnerTexts();
          assert.fail(`${what}: no order opened (${submits.count() - sent} sent; ${toasts.join(' | ')})`);
        }
        await page.waitForTimeout(100);
      }
      // Time for a second order, were one on its way.
      await page.waitForTimeout(1_500);
      assert.equal(submits.count() - sent, 1, `${what}: one submit request`);
      assert.equal((await myDeal(server.url, token, 1)).total, before + 1, `${what}: one position`);
      // The success popup, if a later tap did not close it already (it closes on its mask).
      if (await success.isVisible()) {
        await screenshot(page, `one-tap-${what.replaceAll(' ', '-')}`);
        await page.getByRole('button', { name: 'Continue trading' }).click();
        await success.waitFor({ state: 'hidden' });
      }
      // The next gesture starts on a clear screen: the button enabled, no mask still fading out.
      await page.waitForFunction(() => {
        const button = document.querySelector<HTMLButtonElement>('[data-testid="order-submit"]');
        const masks = [...document.querySelectorAll<HTMLElement>('.adm-mask, .adm-toast-mask')];
        return button !== null && !button.disabled && masks.every((m) => !m.checkVisibility());
      });
    };

    // A double click as a script makes it: both clicks within a few milliseconds.
    await oneOrder('double click', () => submit.dblclick());
    // A person's double click: the second click comes after the server has answered the first.
    await oneOrder('slow double click', async () => {
      const { x, y } = await centre(submit);
      await page.mouse.click(x, y);
      await page.waitForTimeout(120);
      await page.mouse.click(x, y, { clickCount: 2 });
    });
    // A double tap and Enter pressed twice, each sent to the browser in one go (the second
    // not waiting for the first to be handled): the two reach the page back to back, as a
    // quick thumb or a bouncing key does — before the app could re-render.
    const cdp = await page.context().newCDPSession(page);
    await oneOrder('double tap', async () => {
      const { x, y } = await centre(submit);
      const point = [{ x, y }];
      await Promise.all([
        cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point }),
        cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
        cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point }),
        cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
      ]);
    });
    await oneOrder('enter twice', async () => {
      await submit.focus();
      const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' };
      await Promise.all([
        cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...enter }),
        cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter }),
        cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...enter }),
        cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter }),
      ]);
    });
    // And at a person's pace: a tap, then another 80 ms later; Enter, then again 250 ms later.
    await oneOrder('slow double tap', async () => {
      const { x, y } = await centre(submit);
      await page.touchscreen.tap(x, y);
      await page.waitForTimeout(80);
      await page.touchscreen.tap(x, y);
    });
    await oneOrder('slow enter twice', async () => {
      await submit.focus();
      await page.keyboard.press('Enter');
      await page.waitForTimeout(250);
      await page.keyboard.press('Enter');
    });
    assert.equal((await myDeal(server.url, token, 1)).total, 6);

    // Close: a double click opens one confirmation and sends one close.
    await page.goto(`${server.url}/order?type=1`);
    const card = page.getByTestId('order-card').first();
    await card.waitFor();
    await card.click();
    const detail = page.getByTestId('order-detail');
    await detail.waitFor();
    await detail.getByTestId('close-position').dblclick();
    const confirm = page.locator('.adm-dialog').getByRole('button', { name: 'Close position' });
    await confirm.first().waitFor();
    await page.waitForTimeout(500);
    assert.equal(await confirm.count(), 1, 'one confirmation');
    await confirm.dblclick();
    await waitUntil(() => closes.count() >= 1, 'the close sent');
    await page.waitForTimeout(1_500);
    assert.equal(closes.count(), 1, 'one close request');
    assert.equal((await myDeal(server.url, token, 3)).total, 1, 'one position closed');
    assert.equal((await myDeal(server.url, token, 1)).total, 5);
    // No refusal of a second close was shown.
    assert.equal(
      await page
        .locator('.adm-toast-main')
        .filter({ hasText: /already|not found/i })
        .count(),
      0,
    );
    await screenshot(page, 'one-tap-closed');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  void it('moves "Held for withdrawals" live on the mine page when an operator pays or rejects a withdrawal', async () => {
    const { server, browser } = journey;
    const email = 'held-live@example.com';
    await registerByApi(server, email);
    const trader: Login = await apiLogin(server, email);
    const page = await phonePage(browser, { lang: 'en' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await logIn(page, server, email);
    const ops = await desk(browser);
    // The first operator's first use (its screens are walked through in admin.test.ts).
    const operator = await firstUseByApi(
      server,
      ADMIN.ADMIN_EMAIL,
      ADMIN.ADMIN_PASSWORD,
      'One-tap-ops-2026x',
    );
    await deskLogIn(ops.page, server, operator);

    // The trader watches the mine page; nothing reloads it from here on.
    await page.goto(`${server.url}/user`);
    const card = page.getByTestId('balance-card');
    await card.waitFor();
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const balance = page.getByTestId('balance-value');
    const held = card.getByText('Held for withdrawals');
    const freeMargin = page.getByTestId('figure-free_margin');
    const shows = (locator: Locator, text: string) =>
      locator.filter({ hasText: text }).waitFor({ timeout: 10_000 });

    // A deposit of 500 USDT, approved by the operator: the balance follows at once.
    const channels = await api<{ id: number }[]>(server, '/api/quickCharge/info', undefined, trader.token);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(makePng(240, 160))], { type: 'image/png' }), 'proof.png');
    const proof = await api<{ url: string }>(server, '/api/common/image_upload', form, trader.token);
    await api(
      server,
      '/api/quickCharge/submit',
      { number: '500', proofImg: proof.url, charge_id: channels[0]!.id },
      trader.token,
    );
    await ops.page.getByTestId('menu-deposits').click();
    await ops.page.locator('[data-testid^="deposit-open-"]').first().click();
    const depositReview = ops.page.getByTestId('deposit-review');
    await depositReview.getByTestId('deposit-approve').click();
    await ops.page.getByTestId('deposit-approve-confirm').click();
    await deskSaved(ops.page);
    await shows(balance, '500.00');
    await shows(freeMargin, '500.00');
    assert.equal(await held.count(), 0, 'nothing held yet');

    // A withdrawal of 120: held at once, the balance unchanged, free margin down.
    const to = await bindUsdtAddress(server, trader.token);
    const draw = (number: string) =>
      api<{ id: number }>(server, '/api/account/draw', { ...to, number }, trader.token);
    const first = await draw('120');
    await shows(held, '120.00');
    await shows(freeMargin, '380.00');
    assert.match(await balance.innerText(), /500\.00/);
    await screenshot(page, 'one-tap-held');

    // The operator pays it, with the transfer's id (issue 22), double-clicking the
    // confirmation: one payment, no refusal shown.
    await ops.page.getByTestId('menu-withdrawals').click();
    await ops.page.getByTestId(`withdrawal-open-${first.id}`).click();
    await ops.page.getByTestId('withdrawal-review').getByTestId('withdrawal-approve').click();
    await ops.page.getByTestId('withdrawal-approve-input').fill('TX-one-tap-0001');
    await ops.page.getByTestId('withdrawal-approve-confirm').dblclick();
    await deskSaved(ops.page);
    await ops.page.waitForTimeout(1_000);
    assert.equal(await ops.page.locator('.ant-message-error').count(), 0, 'no second payment refused');
    await shows(balance, '380.00');
    await held.waitFor({ state: 'detached', timeout: 10_000 });
    await shows(freeMargin, '380.00');
    await screenshot(page, 'one-tap-paid');

    // Another of 40, rejected: held, then free again; the balance stays.
    const second = await draw('40');
    await shows(held, '40.00');
    await shows(freeMargin, '340.00');
    // The queue as the operator sees it now, with the new request.
    await ops.page.reload();
    await ops.page.getByTestId(`withdrawal-open-${second.id}`).click();
    await ops.page.getByTestId('withdrawal-review').getByTestId('withdrawal-reject').click();
    await ops.page.getByTestId('reason-input').fill('The address is not the trader’s own.');
    await ops.page.getByTestId('reason-ok').click();
    await deskSaved(ops.page);
    await held.waitFor({ state: 'detached', timeout: 10_000 });
    await shows(freeMargin, '380.00');
    assert.match(await balance.innerText(), /380\.00/);
    assert.equal(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
      true,
      'the mine page was not reloaded',
    );
    await screenshot(page, 'one-tap-released');

    // The account log: the hold and the release with their amounts, not 0.00.
    await page.locator('[data-testid="mine-link"][data-route="/mine/history"]').click();
    const hold = page.locator('[data-testid="ledger-row"][data-type="withdraw_hold"]').first();
    const release = page.locator('[data-testid="ledger-row"][data-type="withdraw_release"]').first();
    await release.waitFor();
    assert.equal((await hold.getByTestId('ledger-value').innerText()).replace('\u2212', '-'), '-40.00');
    assert.equal((await release.getByTestId('ledger-value').innerText()).replace('\u2212', '-'), '+40.00');
    await hold.getByTestId('ledger-note').waitFor();
    await release.getByTestId('ledger-note').waitFor();
    await screenshot(page, 'one-tap-ledger');
    assert.deepEqual(errors, []);
    assert.deepEqual(ops.errors, []);
    await page.context().close();
    await ops.context.close();
  });
});
