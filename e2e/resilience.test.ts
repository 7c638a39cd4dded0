import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  launchChromium,
  phonePage,
  samePlace,
  screenshot as shot,
  startServer,
  type RunningServer,
} from './harness.js';
import { startDemo } from './helpers.js';

/**
 * The server goes away under an open trade screen and comes back (docs/architecture.md
 * "Scaled shape", gaps): the screen says it is reconnecting, pauses buying and selling
 * once prices stop (with the reason), and — without a reload — picks the live prices up
 * again, re-fetches what it shows and lets the trader buy.
 */

/** Waits until the shown bid differs from `than` (a new quote reached the screen). */
async function bidMoves(page: Page, than: string, timeout: number): Promise<string> {
  const handle = await page.waitForFunction(
    (old) => {
      const text = document.querySelector('[data-testid="trade-bid"]')?.textContent ?? '';
      return text !== '' && text !== old ? text : null;
    },
    than,
    { timeout, polling: 100 },
  );
  return (await handle.jsonValue()) as string;
}

void describe('resilience: the server restarts under an open trade screen', () => {
  let first: RunningServer;
  let second: RunningServer | undefined;
  let browser: Browser;
  before(async () => {
    first = await startServer();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await first?.halt();
    await (second ?? first)?.stop();
  });

  void it('shows reconnecting, pauses trading while prices are stale, and is live again without a reload', async () => {
    const page = await phonePage(browser, { lang: 'en' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await startDemo(page, first);

    // 1. Live: connected, prices moving, buying possible. BTC/USD: crypto trades around
    // the clock, the market is open whenever this runs.
    await page.goto(`${first.url}/trade?code=BTCUSD`);
    // Generous: a busy machine (two cores, shared) may take a while for the first load.
    await page.locator('[data-testid="trade-page"][data-code="BTCUSD"]').waitFor({ timeout: 60_000 });
    const badge = page.getByTestId('connection-badge');
    await page.locator('[data-testid="connection-badge"][data-state="connected"]').waitFor();
    assert.equal((await badge.textContent())?.trim(), 'Connected');
    const submit = page.getByTestId('order-submit');
    const buySide = page.getByTestId('side-buy');
    const before = (await page.getByTestId('trade-bid').textContent()) ?? '';
    await bidMoves(page, before, 15_000);
    assert.equal(await submit.isEnabled(), true);
    assert.equal(await page.getByTestId('prices-stale').count(), 0);
    // Marks this document: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // 2. The server stops: reconnecting at once; trading pauses once no quote came for 5 s.
    await first.halt();
    await page.locator('[data-testid="reconnecting"]').waitFor({ timeout: 5_000 });
    assert.equal(await page.getByTestId('reconnecting').textContent(), 'Reconnecting…');
    assert.equal(await badge.getAttribute('data-state'), 'reconnecting');
    assert.equal((await badge.textContent())?.trim(), 'Reconnecting…');
    const stale = page.getByTestId('prices-stale');
    await stale.waitFor({ timeout: 10_000 });
    assert.equal((await stale.textContent())?.trim(), 'Prices are not updating, trading is paused');
    assert.equal(await submit.isDisabled(), true);
    assert.equal((await submit.textContent())?.trim(), 'Trading paused');
    assert.equal(await buySide.isDisabled(), true);
    assert.equal(await page.getByTestId('side-sell').isDisabled(), true);
    // The pending order's submit is paused as well.
    await page.getByTestId('mode-pending').click();
    assert.equal(await submit.isDisabled(), true);
    await page.getByTestId('mode-market').click();
    await shot(page, 'resilience-1-reconnecting');

    // 3. The server comes back on the same port and data: live again, no reload.
    second = await startServer({}, samePlace(first));
    // The backoff may wait up to 15 s before the next try.
    await page
      .locator('[data-testid="connection-badge"][data-state="connected"]')
      .waitFor({ timeout: 40_000 });
    await stale.waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByTestId('reconnecting').waitFor({ state: 'detached', timeout: 10_000 });
    const shown = (await page.getByTestId('trade-bid').textContent()) ?? '';
    await bidMoves(page, shown, 15_000);
    assert.equal(await submit.isEnabled(), true);
    assert.equal((await submit.textContent())?.trim(), 'Buy BTC/USD');
    assert.equal(await buySide.isEnabled(), true);
    assert.equal(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
      true,
      'the page was reloaded',
    );
    await shot(page, 'resilience-2-live-again');

    // 4. And trading works: the session survived the restart, the order goes through.
    await submit.click();
    await page.getByTestId('order-success').waitFor({ timeout: 10_000 });
    assert.deepEqual(errors, []);
    // The stop itself was clean: the server left on SIGINT with a trade screen open, as a
    // restart by a process manager needs (README "Quick start": Ctrl-C stops it cleanly).
    assert.equal(first.shutdownHung(), false, 'the server did not exit on SIGINT while a socket was open');
    await page.context().close();
  });
});
