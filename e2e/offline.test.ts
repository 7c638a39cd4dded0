import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { phonePage, screenshot, serverAndBrowser, type RunningServer } from './harness.js';
import { api, startDemo, storage } from './helpers.js';

/**
 * The installable app (docs/installable-app.md): a trader with a BTC position opens the app,
 * the service worker takes the page, the network goes; a reload still opens the app from
 * the device, with the last board and the position, the time of those prices, and trading
 * paused on the ticket and the position (en, hk, ar). Back online, it is live again. Then a
 * new version is published: the prompt offers it, and Reload switches to it.
 *
 * The server serves its own copy of the build, so the journey can publish a new version.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-web-dist-'));
fs.cpSync(path.join(root, 'apps/web/dist'), dist, { recursive: true });

/** BTC/USD trades at the weekend too (the simulator's forex does not). */
const BTC = 26;

async function openBtcPosition(server: RunningServer, page: Page): Promise<number> {
  const token = await storage(page, 'pipwise.token');
  assert.ok(token, 'the demo account is signed in');
  const order = await api<{ Id: number }>(
    server,
    '/v1/api/forex/submit',
    { type: 1, cont: '0.01', forex_id: BTC, status: 1, multiple: 20 },
    token,
  );
  return order.Id;
}

/** The page is controlled by the app's service worker (registered once the app is idle). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** The copy kept for offline holds the position (app/offline-cache.ts saves within 2 s). */
async function kept(page: Page, orderId: number): Promise<void> {
  await page.waitForFunction(
    (id) => (localStorage.getItem('pipwise.offline') ?? '').includes(`"Id":${id}`),
    orderId,
    { timeout: 15_000 },
  );
}

void describe('the installable app offline', () => {
  const journey = serverAndBrowser({ WEB_DIST: dist });
  after(() => fs.rmSync(dist, { recursive: true, force: true }));

  for (const lang of ['en', 'hk', 'ar']) {
    void it(`opens with no network from the device, shows the last board and position and pauses trading (${lang})`, async () => {
      const { server, browser } = journey;
      const page = await phonePage(browser, { lang });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await startDemo(page, server);
      const orderId = await openBtcPosition(server, page);
      await page.getByTestId('market-row').first().waitFor();
      await controlled(page);
      await page.goto(`${server.url}/order`);
      await page.locator('[data-testid="order-card"]').first().waitFor();
      await kept(page, orderId);

      await page.context().setOffline(true);
      await page.goto(`${server.url}/`);
      await page.getByTestId('market-row').first().waitFor();
      const notice = page.getByTestId('reconnecting');
      await notice.waitFor();
      assert.equal(await notice.getAttribute('data-state'), 'offline');
      assert.match(
        (await notice.textContent()) ?? '',
        /\d{2}:\d{2}/,
        'the notice tells the time of the prices',
      );
      if (lang === 'ar') assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
      await screenshot(page, `offline-board-${lang}`);

      // The trade screen, opened from the device: the ticket cannot send.
      await page.goto(`${server.url}/trade?forex_id=${BTC}`);
      const submit = page.getByTestId('order-submit');
      await page.getByTestId('prices-stale').waitFor();
      assert.equal(await submit.isDisabled(), true, 'offline, the ticket does not send');
      await screenshot(page, `offline-trade-${lang}`);

      // The position, kept: its detail cannot close it.
      await page.goto(`${server.url}/order`);
      const card = page.locator('[data-testid="order-card"]').first();
      await card.waitFor();
      await card.click();
      await page.getByTestId('detail-offline').waitFor();
      assert.equal(await page.getByTestId('close-position').isDisabled(), true);
      assert.equal(await page.getByTestId('save-stops').isDisabled(), true);
      await screenshot(page, `offline-position-${lang}`);

      // Back online: the app is live again and the position can be closed.
      await page.context().setOffline(false);
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="connection-badge"]')?.getAttribute('data-state') ===
          'connected',
        undefined,
        { timeout: 30_000 },
      );
      await page.getByTestId('detail-offline').waitFor({ state: 'detached' });
      assert.equal(await page.getByTestId('close-position').isDisabled(), false);
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  void it('offers a new version when one is published and switches to it on Reload', async () => {
    const { server, browser } = journey;
    const page = await phonePage(browser, { lang: 'en' });
    await page.goto(`${server.url}/`);
    await page.getByTestId('market-row').first().waitFor();
    await controlled(page);
    const firstWorker = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL,
    );
    assert.ok(firstWorker?.endsWith('/sw.js'));

    // A new version: the worker's file changes (as a new build's precache list does).
    fs.appendFileSync(path.join(dist, 'sw.js'), `\n// version ${Date.now()}\n`);
    for (const suffix of ['.br', '.gz']) fs.rmSync(path.join(dist, `sw.js${suffix}`), { force: true });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByTestId('update-prompt');
    await prompt.waitFor({ timeout: 30_000 });
    await screenshot(page, 'update-prompt-en');

    const reloaded = page.waitForEvent('load');
    await page.getByTestId('update-reload').click();
    await reloaded;
    await page.getByTestId('market-row').first().waitFor();
    await prompt.waitFor({ state: 'detached' });
    const waiting = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting,
    );
    assert.equal(waiting, null, 'the new version took over');
    await page.context().close();
  });
});
