import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { phonePage, screenshot, serverAndBrowser, type RunningServer } from './harness.js';
import { centre, countRequests, startDemo, storage, type Envelope } from './helpers.js';

/**
 * One-tap trading (docs/money.md "One-tap trading") and the time zone picker (docs/product.md
 * §9 "Time zone"), as a demo trader meets them at 390×844. One-tap: turned on from the
 * ticket's switch, through the risk note (shown, and accepted — the button does nothing
 * before), the ticket then says "One-tap on"; one tap on Buy opens one BTC/USD position (the
 * forex simulator is closed at weekends; crypto is not), a double tap one more only,
 * counted through the API and in the requests sent, the success popup shown; turned off,
 * Buy chooses the side again and the submit is back. Settings carries the same switch. The
 * zone: chosen in Settings from the picker, it moves an order's time and the chart's zone
 * at once. The note, the ticket, Settings and the picker are photographed in en, hk and ar.
 */

const BTCUSD = 26;

interface OrderPage {
  data: { Id: number; CreatedAt: number }[];
  total: number;
}

const openPositions = async (server: RunningServer, token: string): Promise<number> => {
  const res = await fetch(`${server.url}/v1/api/forex/my_deal?status=1&page=1`, {
    headers: { authorization: token },
  });
  const body = (await res.json()) as Envelope<OrderPage>;
  assert.equal(body.code, 1);
  return body.data.total;
};

/** A demo trader on BTC/USD's ticket, ready to trade. */
async function onTicket(page: Page, server: RunningServer): Promise<string> {
  await startDemo(page, server);
  await page.goto(`${server.url}/trade?forex_id=${BTCUSD}`);
  await page.locator('[data-testid="trade-page"][data-code="BTCUSD"]').waitFor();
  await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
  await page.waitForFunction(() => {
    const button = document.querySelector<HTMLButtonElement>('[data-testid="order-submit"]');
    return button !== null && !button.disabled;
  });
  return (await storage(page, 'pipwise.token')) ?? '';
}

/** Opens the risk note from the ticket's switch; it is shown, and not yet accepted. */
async function openNote(page: Page): Promise<Locator> {
  const toggle = page.getByTestId('one-tap-switch');
  assert.equal(await toggle.getAttribute('aria-checked'), 'false');
  await toggle.click();
  const sheet = page.getByTestId('one-tap-sheet');
  await sheet.waitFor();
  assert.equal(await sheet.getByTestId('one-tap-note').locator('li').count(), 5);
  assert.equal(await sheet.getByTestId('one-tap-turn-on').isDisabled(), true);
  // Let the sheet finish sliding in before it is photographed.
  await page.waitForTimeout(400);
  return sheet;
}

/** Ticks the acceptance and turns one-tap on: the ticket says so. */
async function accept(page: Page, sheet: Locator): Promise<void> {
  await sheet.getByTestId('one-tap-accept').check();
  await sheet.getByTestId('one-tap-turn-on').click();
  await sheet.waitFor({ state: 'hidden' });
  await page.getByTestId('one-tap-badge').waitFor();
  assert.equal(await page.getByTestId('one-tap-switch').getAttribute('aria-checked'), 'true');
  assert.equal(await page.getByTestId('order-submit').count(), 0, 'Buy and Sell send: no submit');
  await page.getByTestId('one-tap-hint').waitFor();
}

/** Closes the success popup and waits for a clear screen. */
async function continueTrading(page: Page): Promise<void> {
  const success = page.getByTestId('order-success');
  if (await success.isVisible()) {
    await page.getByRole('button', { name: 'Continue trading' }).click();
    await success.waitFor({ state: 'hidden' });
  }
  await page.waitForFunction(() => {
    const masks = [...document.querySelectorAll<HTMLElement>('.adm-mask, .adm-toast-mask')];
    return masks.every((m) => !m.checkVisibility());
  });
}

void describe('one-tap trading and the time zone', () => {
  const journey = serverAndBrowser();

  void it('turns one-tap on through its note; one tap is one position, a double tap one more; off again, the submit is back', async () => {
    const { server, browser } = journey;
    const page = await phonePage(browser, { lang: 'en' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const token = await onTicket(page, server);
    const submits = countRequests(page, '/v1/api/forex/submit');

    // Off by default: Buy chooses the side; the submit sends.
    assert.equal(await page.getByTestId('one-tap-badge').count(), 0);
    const sheet = await openNote(page);
    await screenshot(page, 'one-tap-mode-note-en');
    // The button does nothing before the note is accepted.
    await sheet.getByTestId('one-tap-turn-on').click({ force: true });
    assert.equal(await sheet.isVisible(), true);
    assert.equal(await storage(page, 'pipwise.one_tap.' + (await userId(page))), null);
    await accept(page, sheet);
    assert.equal(await storage(page, 'pipwise.one_tap.' + (await userId(page))), '1');
    await page.waitForTimeout(2_000); // the "turned on" toast fades
    await screenshot(page, 'one-tap-mode-on-en');
    // Where the submit was, the line that says what a tap does now.
    await page.getByTestId('one-tap-hint').scrollIntoViewIfNeeded();
    await screenshot(page, 'one-tap-mode-hint-en');
    await page.evaluate(() => window.scrollTo(0, 0));

    // One tap on Buy: one order, one position, the success shown.
    const start = await openPositions(server, token);
    const buy = page.getByTestId('side-buy');
    await buy.tap();
    await waitForPositions(server, token, start + 1);
    await page.getByTestId('order-success').waitFor();
    await page.waitForTimeout(1_500);
    assert.equal(submits.count(), 1, 'one tap: one submit');
    assert.equal(await openPositions(server, token), start + 1, 'one tap: one position');
    await screenshot(page, 'one-tap-mode-filled-en');
    await continueTrading(page);

    // A double tap, both touches sent to the browser at once: one more position only.
    await page.waitForFunction(() => {
      const b = document.querySelector<HTMLButtonElement>('[data-testid="side-buy"]');
      return b !== null && !b.disabled;
    });
    const cdp = await page.context().newCDPSession(page);
    const point = [await centre(buy)];
    await Promise.all([
      cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point }),
      cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
      cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point }),
      cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
    ]);
    await waitForPositions(server, token, start + 2);
    await page.waitForTimeout(1_500);
    assert.equal(submits.count(), 2, 'a double tap: one more submit');
    assert.equal(await openPositions(server, token), start + 2, 'a double tap: one more position');
    await continueTrading(page);

    // Off again, from the ticket: at once, and the confirmation step — the submit — is back.
    await page.getByTestId('one-tap-switch').click();
    await page.getByTestId('one-tap-badge').waitFor({ state: 'detached' });
    await page.getByTestId('order-submit').waitFor();
    await page.getByTestId('side-sell').tap();
    await buy.tap();
    await page.waitForTimeout(1_500);
    assert.equal(submits.count(), 2, 'off: a tap on Buy sends nothing');
    assert.equal(await openPositions(server, token), start + 2);
    assert.equal(await page.getByTestId('order-form').getAttribute('data-side'), 'buy');
    assert.match(await page.getByTestId('order-submit').innerText(), /^Buy BTC\/USD$/);
    await screenshot(page, 'one-tap-mode-off-en');

    // Settings carries the same switch, off; turning it on there asks for the note too.
    await page.goto(`${server.url}/mine/system`);
    const setting = page.getByTestId('one-tap-setting-switch');
    await setting.waitFor();
    assert.equal(await setting.getAttribute('data-checked'), '0');
    await setting.click();
    const again = page.getByTestId('one-tap-sheet');
    await again.waitFor();
    await again.getByTestId('one-tap-cancel').click();
    await again.waitFor({ state: 'hidden' });
    assert.equal(await setting.getAttribute('data-checked'), '0');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  void it('chooses the time zone in Settings: an order’s time and the chart’s zone follow at once', async () => {
    const { server, browser } = journey;
    const page = await phonePage(browser, { lang: 'en' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await onTicket(page, server);
    await page.getByTestId('order-submit').click();
    await page.getByTestId('order-success').waitFor();
    await continueTrading(page);

    await page.goto(`${server.url}/mine/system`);
    const row = page.getByTestId('time-zone-setting');
    await row.waitFor();
    assert.equal(await row.getAttribute('data-zone'), 'device');
    assert.match(await page.getByTestId('time-zone-value').innerText(), /^Device time \(/);
    await row.click();
    const sheet = page.getByTestId('time-zone-sheet');
    await sheet.waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'time-zone-picker-en');
    await page.locator('[data-testid="time-zone-choice"][data-zone="market"]').click();
    await sheet.waitFor({ state: 'hidden' });
    assert.match(
      await page.getByTestId('time-zone-value').innerText(),
      /^New York \(market time\) · E[SD]T$/,
    );
    assert.equal(await storage(page, 'pipwise.time_zone'), 'America/New_York');

    // The order's time, in New York.
    await page.goto(`${server.url}/order?type=1`);
    const time = page.getByTestId('order-card').first().getByTestId('order-time');
    await time.waitFor();
    assert.match(await time.innerText(), / E[SD]T$/);
    // The chart's axis names the zone.
    await page.goto(`${server.url}/trade?forex_id=${BTCUSD}`);
    await page.getByTestId('chart-zone').waitFor();
    assert.match(await page.getByTestId('chart-zone').innerText(), /^E[SD]T$/);

    // A zone searched for: Tokyo.
    await page.goto(`${server.url}/mine/system`);
    await page.getByTestId('time-zone-setting').click();
    await page.getByTestId('time-zone-search').locator('input').fill('tokyo');
    const tokyo = page.locator('[data-testid="time-zone-option"][data-zone="Asia/Tokyo"]');
    await tokyo.waitFor();
    assert.match(await tokyo.innerText(), /UTC\+09:00/);
    await page.waitForTimeout(300);
    await screenshot(page, 'time-zone-search-en');
    await tokyo.click();
    assert.match(await page.getByTestId('time-zone-value').innerText(), /^Asia\/Tokyo · GMT\+9$/);
    await page.goto(`${server.url}/order?type=1`);
    await time.waitFor();
    assert.match(await time.innerText(), / GMT\+9$/);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  for (const lang of ['hk', 'ar']) {
    void it(`shows the note, the ticket with one-tap on, Settings and the zone picker in ${lang}`, async () => {
      const { server, browser } = journey;
      const page = await phonePage(browser, { lang });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await onTicket(page, server);
      assert.equal(await page.locator('html').getAttribute('dir'), lang === 'ar' ? 'rtl' : 'ltr');
      const sheet = await openNote(page);
      await screenshot(page, `one-tap-mode-note-${lang}`);
      await accept(page, sheet);
      await page.waitForTimeout(2_000);
      await screenshot(page, `one-tap-mode-on-${lang}`);

      await page.goto(`${server.url}/mine/system`);
      await page.getByTestId('one-tap-setting-switch').waitFor();
      assert.equal(await page.getByTestId('one-tap-setting-switch').getAttribute('data-checked'), '1');
      await page.getByTestId('time-zone-setting').waitFor();
      await screenshot(page, `settings-one-tap-zone-${lang}`, { fullPage: true });
      await page.getByTestId('time-zone-setting').click();
      await page.getByTestId('time-zone-sheet').waitFor();
      await page.waitForTimeout(400);
      await screenshot(page, `time-zone-picker-${lang}`);
      await page.getByTestId('time-zone-search').locator('input').fill('york');
      await page.locator('[data-testid="time-zone-option"][data-zone="America/New_York"]').waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, `time-zone-search-${lang}`);
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }
});

async function userId(page: Page): Promise<number> {
  return (JSON.parse((await storage(page, 'pipwise.user')) ?? '{}') as { id: number }).id;
}

async function waitForPositions(server: RunningServer, token: string, count: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await openPositions(server, token)) < count) {
    if (Date.now() > deadline) throw new Error(`no position ${count} opened`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
