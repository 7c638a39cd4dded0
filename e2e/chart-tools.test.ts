import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { phonePage, screenshot, serverAndBrowser } from './harness.js';

/**
 * The trade chart's tools (docs/chart.md) on BTC/USD, which trades at weekends too: the
 * toolbar's chart types (candles, line, area, Heikin-Ashi), the indicators' sheet adding
 * RSI, MACD and Bollinger Bands (two panes under the prices, the bands over them), a
 * parameter refused with its reason, the crosshair legend following the pointer and
 * falling back to the last bar, and the choices kept over a reload. In en, hk and ar.
 */

const chart = (page: Page) => page.getByTestId('candle-chart');

async function chartDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="candle-chart"] canvas') !== null &&
      !document.querySelector('[data-testid="candle-chart"] [aria-busy="true"]') &&
      !document.querySelector('[data-testid="chart-legend"]')?.hasAttribute('data-empty'),
    undefined,
    { timeout: 20_000 },
  );
}

const legendText = (page: Page) => page.getByTestId('chart-legend').innerText();

void describe('chart tools', () => {
  const journey = serverAndBrowser();

  for (const lang of ['en', 'hk', 'ar'] as const) {
    void it(`switches chart types, adds indicators and reads the legend (${lang})`, async () => {
      const { server, browser } = journey;
      const page = await phonePage(browser, { lang });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      await page.goto(`${server.url}/trade?forex_id=26`);
      await chartDrawn(page);
      assert.equal(await chart(page).getAttribute('data-type'), 'candles');
      // The legend shows the last bar: its time and O H L C, at BTC/USD's 2 decimals.
      const prices = /\d{1,3}(,\d{3})+\.\d{2}/g;
      assert.ok(((await legendText(page)).match(prices) ?? []).length >= 4, await legendText(page));
      await screenshot(page, `chart-tools-candles-${lang}`);

      // 1. Chart types from the toolbar: the chart's price series follows.
      for (const type of ['line', 'area', 'heikin_ashi'] as const) {
        await page.locator(`[data-testid="chart-type"][data-type="${type}"]`).click();
        await page.locator(`[data-testid="candle-chart"][data-type="${type}"]`).waitFor();
        assert.equal(
          await page.locator(`[data-testid="chart-type"][data-type="${type}"]`).getAttribute('aria-checked'),
          'true',
        );
        if (lang === 'en' || type === 'heikin_ashi') await screenshot(page, `chart-tools-${type}-${lang}`);
      }

      // 2. The indicators' sheet: RSI, MACD and Bollinger Bands.
      await page.getByTestId('chart-indicators').click();
      const sheet = page.getByTestId('indicator-sheet');
      await sheet.waitFor();
      for (const kind of ['rsi', 'macd', 'bb'] as const) {
        await sheet.locator(`[data-testid="indicator-add"][data-kind="${kind}"]`).click();
        await sheet.locator(`[data-testid="indicator-choice"][data-kind="${kind}"]`).waitFor();
      }
      // A parameter out of range is refused with its reason; the chart keeps the last valid one.
      const rsiPeriod = sheet.locator('[data-testid="indicator-choice"][data-kind="rsi"] input');
      await rsiPeriod.fill('1');
      await sheet.getByTestId('indicator-param-error').waitFor();
      await screenshot(page, `chart-tools-sheet-${lang}`);
      await rsiPeriod.fill('9');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="indicator-param-error"]') === null,
      );
      await sheet.getByTestId('indicator-sheet-close').click();
      await sheet.waitFor({ state: 'hidden' });

      await page.locator('[data-testid="candle-chart"][data-indicators="rsi macd bb"]').waitFor();
      assert.equal(await page.getByTestId('chart-indicators').getAttribute('data-count'), '3');
      // Two oscillator panes add their height under the prices, which keep theirs.
      await page.waitForFunction(
        () =>
          document.querySelector<HTMLElement>('[data-testid="candle-chart"]')?.offsetHeight === 270 + 2 * 76,
      );
      await page.waitForFunction(() => {
        const text = document.querySelector<HTMLElement>('[data-testid="chart-legend"]')?.innerText ?? '';
        return text.includes('RSI 9') && text.includes('MACD 12 26 9') && text.includes('BB 20 2');
      });
      const legend = await legendText(page);
      // Every indicator has a value at the last bar (300 candles of history fill them all).
      assert.doesNotMatch(legend, /–/, legend);
      await screenshot(page, `chart-tools-indicators-${lang}`);

      // 3. The crosshair: the legend reads the bar under the pointer, then the last bar again.
      const last = legend.split('\n')[0]!;
      const box = (await chart(page).boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.35, box.y + 120);
      await page.waitForFunction(
        (before) =>
          (document.querySelector<HTMLElement>('[data-testid="chart-legend"]')?.innerText ?? '').split(
            '\n',
          )[0] !== before,
        last,
      );
      const hovered = await legendText(page);
      assert.ok((hovered.match(prices) ?? []).length >= 4, hovered);
      await screenshot(page, `chart-tools-crosshair-${lang}`);
      await page.mouse.move(box.x + box.width / 2, box.y - 40);

      // 4. The choices stay over a reload (this device, the guest's).
      await page.reload();
      await chartDrawn(page);
      assert.equal(await chart(page).getAttribute('data-type'), 'heikin_ashi');
      assert.equal(await chart(page).getAttribute('data-indicators'), 'rsi macd bb');
      assert.match(await legendText(page), /RSI 9/);

      // Back to candles and no indicators for the next language's run.
      await page.evaluate(() => localStorage.removeItem('pipwise.chart.guest'));
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }
});
