import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, phonePage, screenshot, startServer, type RunningServer } from './harness.js';

void describe('home market board at a phone viewport', () => {
  let server: RunningServer;
  let browser: Browser;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  void it('shows at least 10 live rows and a price moves within 10 s', async () => {
    const page = await phonePage(browser, { lang: 'en' });
    await page.goto(server.url);
    const rows = page.getByTestId('market-row');
    await rows.nth(9).waitFor({ timeout: 15_000 });
    assert.ok((await rows.count()) >= 10);
    const prices = () => page.getByTestId('market-price').allTextContents();
    const before = await prices();
    // Crypto trades at the weekend too, so something always moves.
    await page.waitForFunction(
      (initial) =>
        [...document.querySelectorAll('[data-testid="market-price"]')].some(
          (el, i) => el.textContent !== initial[i],
        ),
      before,
      { timeout: 10_000 },
    );
    await screenshot(page, 'home-en');
    await page.context().close();
  });

  void it('changes the tab labels when the language changes, and Arabic turns right to left', async () => {
    const page = await phonePage(browser, { lang: 'en' });
    await page.goto(server.url);
    const tabBar = page.getByTestId('tab-bar');
    await tabBar.getByText('Markets').waitFor();
    const english = await tabBar.innerText();

    await page.getByTestId('language-switcher').click();
    await page.locator('[data-testid="language-option"][data-lang="hk"]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-HK');
    const chinese = await tabBar.innerText();
    assert.notEqual(chinese, english);
    assert.match(chinese, /[\u4e00-\u9fff]/);
    await screenshot(page, 'home-hk');

    await page.getByTestId('language-switcher').click();
    await page.locator('[data-testid="language-option"][data-lang="ar"]').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    assert.match(await tabBar.innerText(), /[\u0600-\u06FF]/);
    await screenshot(page, 'home-ar');
    await page.context().close();
  });

  void it('serves a real PWA manifest and history-mode routes', async () => {
    const manifest = (await (await fetch(`${server.url}/manifest.json`)).json()) as {
      icons: { src: string }[];
      start_url: string;
    };
    assert.equal(manifest.start_url, '/');
    for (const icon of manifest.icons) assert.equal((await fetch(new URL(icon.src, server.url))).status, 200);
    const deep = await fetch(`${server.url}/mine/charge`);
    assert.match(await deep.text(), /<div id="root">/);
    const api = await fetch(`${server.url}/api/unknown`);
    assert.equal(api.status, 404);
    assert.equal(((await api.json()) as { code: number }).code, 1004);
  });
});
