import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { LANG_INFO, LANGS, type Lang } from '../packages/shared/src/languages.js';
import { auditPage, languageFacts, type Problem } from './dom-audit.js';
import { phonePage, screenshot, serverAndBrowser } from './harness.js';
import { startDemo, tapTab } from './helpers.js';

/**
 * Every one of the 18 languages (docs/product.md §3) on the screens a trader sees first —
 * home, trade, orders, mine and login —, as a demo trader who started the demo account
 * once through the login page and switches the language from home's language sheet. Each
 * screen is audited in the DOM (dom-audit.ts): no translation key, no English where the
 * language has its own text, no text wider than its box, nothing past the screen's
 * edges; Arabic is right to left. Home and trade are photographed per language.
 */

void describe('every language on home, trade, orders, mine and login', () => {
  const journey = serverAndBrowser();
  let page: Page;

  /** The screen's problems, one line each. */
  const audit = async (lang: Lang, screen: string): Promise<string[]> =>
    (await auditPage(page, languageFacts(lang))).map(
      (p: Problem) => `${screen}: ${p.kind} at ${p.where}: "${p.text}"${p.detail ? ` — ${p.detail}` : ''}`,
    );

  void it('the demo trader opens a position to have something on every screen', async () => {
    const { server, browser } = journey;
    // No language set for the page: the switch below is remembered across loads. The
    // browser speaks English (en-US), so the app starts in English.
    page = await phonePage(browser);
    await startDemo(page, server);
    // BTC/USD: crypto trades at the weekend too.
    await page.goto(`${server.url}/trade?code=BTCUSD`);
    await page.locator('[data-testid="trade-page"][data-code="BTCUSD"]').waitFor();
    await page.getByTestId('side-buy').click();
    await page.getByTestId('order-submit').click();
    await page.getByTestId('order-success').waitFor();
    await page.getByRole('button', { name: 'Continue trading' }).click();
    await page.getByTestId('order-success').waitFor({ state: 'hidden' });
  });

  for (const lang of LANGS) {
    void it(`${lang}: home, trade, orders, mine and login in ${LANG_INFO[lang].nativeName}`, async () => {
      const { server } = journey;
      const info = LANG_INFO[lang];
      const problems: string[] = [];
      // Home, switched through its language sheet (the choice is remembered).
      await page.goto(server.url);
      await page.getByTestId('market-row').nth(9).waitFor({ timeout: 15_000 });
      await page.getByTestId('language-switcher').click();
      await page.locator(`[data-testid="language-option"][data-lang="${lang}"]`).click();
      await page.waitForFunction((tag) => document.documentElement.lang === tag, info.bcp47);
      // The sheet closes after the switch.
      await page.getByTestId('language-list').waitFor({ state: 'hidden' });
      assert.equal(await page.evaluate(() => document.documentElement.dir), info.dir);
      problems.push(...(await audit(lang, 'home')));
      await screenshot(page, `lang-${lang}-home`);

      await tapTab(page, 'trade');
      await page.locator('[data-testid="trade-page"][data-code="BTCUSD"]').waitFor();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="candle-chart"] canvas') !== null &&
          !document.querySelector('[data-testid="candle-chart"] [aria-busy="true"]') &&
          /\d/.test(document.querySelector('[data-testid="est-margin"]')?.textContent ?? ''),
      );
      problems.push(...(await audit(lang, 'trade')));
      await screenshot(page, `lang-${lang}-trade`);

      await tapTab(page, 'orders');
      await page.getByTestId('order-card').first().waitFor();
      problems.push(...(await audit(lang, 'order')));

      await tapTab(page, 'markets');
      await page.getByTestId('home-mine').click();
      await page.getByTestId('user-page').waitFor();
      await page.waitForFunction(() =>
        /\d/.test(document.querySelector('[data-testid="balance-value"]')?.textContent ?? ''),
      );
      problems.push(...(await audit(lang, 'mine')));

      await page.goto(`${server.url}/login`);
      await page.getByTestId('login-form').waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), info.bcp47);
      problems.push(...(await audit(lang, 'login')));
      if (lang === LANGS.at(-1)) await screenshot(page, `lang-${lang}-login`);
      assert.deepEqual(problems, []);
    });
  }
});
