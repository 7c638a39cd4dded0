import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import type { CDPSession, Page } from 'playwright-core';
import { phonePage, screenshot, serverAndBrowser, type RunningServer } from './harness.js';
import { api, call, startDemo, storage, type Envelope } from './helpers.js';

/**
 * The chart's drawings and trading from the chart (docs/chart.md "Drawings", "Trading from
 * the chart") on BTC/USD, by touch at 390×844, in en, hk and ar. A guest's tap on a tool
 * asks them to sign in. The demo trader, signed in from the login page, draws a horizontal
 * line (one tap) and a trend line (two taps), selects the line again by a tap; after a
 * reload both are still there (read back through the API too); the line is dragged higher
 * and the trend line deleted. Then a position opened with a stop-loss from the ticket shows
 * its entry and stop on the chart; its stop's tag is dragged further away, the sheet shows
 * the new level and the money at it, Confirm moves the order's stop-loss (checked through
 * the API); dragged and cancelled, the order keeps it; dragged past the price, the server's
 * refusal is toasted and the stop stays. Last, a pending order's own line is dragged: the
 * sheet shows its price now and new, the money at its stops and its margin from the new
 * price, and Confirm moves the order (checked through the API).
 */

const BTC = 26;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const texts = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(root, 'packages/locales/src', `${lang}.json`), 'utf8')) as {
    trading: { continue_trading: string };
    errors: { sl_wrong_side_buy: string; sl_wrong_side_sell: string };
  };

interface Drawing {
  id: number;
  kind: string;
  points: { time: number; price: string }[];
}
interface Order {
  Id: number;
  OrderType: 1 | 2;
  OriginPrice: number;
  TargetLossPrice: number;
  TargetProfitPrice: number;
}

/** The price pane of the chart on the page: its left, top, width and height (CSS px). */
async function paneOf(page: Page) {
  const pane = await page.evaluate(() => {
    const cells = [...document.querySelectorAll('[data-testid="candle-chart"] table tr:first-child > td')];
    const widest = cells
      .map((c) => c.getBoundingClientRect())
      .reduce((a, b) => (b.width > a.width ? b : a), new DOMRect());
    return { left: widest.left, top: widest.top, width: widest.width, height: widest.height };
  });
  assert.ok(pane.width > 200 && pane.height > 150, `price pane ${JSON.stringify(pane)}`);
  return pane;
}

/** A touch drag, as a finger makes it (CDP touch events: the app sees touch and pointer events). */
async function drag(cdp: CDPSession, from: { x: number; y: number }, to: { x: number; y: number }) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= 8; i++) {
    const x = from.x + ((to.x - from.x) * i) / 8;
    const y = from.y + ((to.y - from.y) * i) / 8;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    await new Promise((r) => setTimeout(r, 16));
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/**
 * The price scale as a person reads it: a tap on the chart offers an alert at the price
 * tapped (its data-price), so two taps give the line from y to price. The offer goes away
 * by itself. A tap that offers nothing (it selected a drawing, or a busy machine held the
 * finger down long enough for a long press) is tried again a few pixels away.
 */
async function priceScale(page: Page, x: number, ys: [number, number]) {
  const points: { y: number; price: number }[] = [];
  for (const wanted of ys) {
    const before = points[0] ? String(points[0].price) : null;
    let read: { y: number; price: number } | null = null;
    for (const shift of [0, 9, -9, 18, -18]) {
      // The chart takes a second tap within half a second for half of a double tap.
      await page.waitForTimeout(600);
      if (await page.getByTestId('drawing-actions').isVisible()) {
        // A drawing was selected: a tap away from it lets it go.
        await page.touchscreen.tap(x, wanted + shift);
        continue;
      }
      const y = wanted + shift;
      await page.touchscreen.tap(x, y);
      const offered = await page
        .waitForFunction(
          (previous) => {
            const el = document.querySelector('[data-testid="chart-tap-offer"]');
            return el !== null && el.getAttribute('data-price') !== previous;
          },
          before,
          { timeout: 5_000 },
        )
        .then(
          () => true,
          () => false,
        );
      if (!offered) continue;
      read = { y, price: Number(await page.getByTestId('chart-tap-offer').getAttribute('data-price')) };
      break;
    }
    assert.ok(read, `no price offered for a tap near y ${wanted}`);
    points.push(read);
  }
  const [p0, p1] = points as [{ y: number; price: number }, { y: number; price: number }];
  const perPx = (p1.price - p0.price) / (p1.y - p0.y);
  await page.getByTestId('chart-tap-offer').waitFor({ state: 'hidden', timeout: 10_000 });
  return {
    yOf: (price: number) => p0.y + (price - p0.price) / perPx,
    priceOf: (y: number) => p0.price + (y - p0.y) * perPx,
  };
}

async function drawings(server: RunningServer, token: string): Promise<Drawing[]> {
  const list: Envelope<{ data: Drawing[] }> = await call(server, `/v1/api/drawings/list?forex_id=${BTC}`, {
    token,
  });
  assert.equal(list.code, 1, list.msg);
  return list.data.data;
}

void describe('chart drawings and trading from the chart', () => {
  const journey = serverAndBrowser();

  for (const lang of ['en', 'hk', 'ar'] as const) {
    void it(`draws, keeps, moves and deletes drawings; moves a stop-loss and a pending order from the chart (${lang})`, async () => {
      const { server, browser } = journey;
      const page = await phonePage(browser, { lang });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const cdp = await page.context().newCDPSession(page);
      const tools = page.getByTestId('drawing-tools');
      const tool = (kind: string) => page.locator(`[data-testid="drawing-tool"][data-kind="${kind}"]`);
      const chartReady = async () => {
        await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
        await page.waitForFunction(
          () => !document.querySelector('[data-testid="candle-chart"] [aria-busy="true"]'),
        );
        await page.locator('[data-testid="drawing-tools"][data-loaded="true"]').waitFor();
      };

      // 1. A guest: the tools are there, and a tap on one asks to sign in.
      await page.goto(`${server.url}/trade?forex_id=${BTC}`);
      await chartReady();
      await tool('hline').click();
      await page.waitForURL(/\/login/);

      // 2. The demo trader, from the login page; BTC/USD's chart with its tool stack.
      await startDemo(page, server);
      const token = (await storage(page, 'pipwise.token')) ?? '';
      await page.goto(`${server.url}/trade?forex_id=${BTC}`);
      await chartReady();
      assert.equal(await tools.getAttribute('data-count'), '0');
      let pane = await paneOf(page);
      const at = (fx: number, fy: number) => ({
        x: pane.left + pane.width * fx,
        y: pane.top + pane.height * fy,
      });

      // 3. A horizontal line: the tool, one tap. Saved and selected at once.
      await tool('hline').click();
      await page.getByTestId('drawing-hint').waitFor();
      await screenshot(page, `chart-drawing-1-tool-${lang}`);
      const h = at(0.6, 0.5);
      await page.touchscreen.tap(h.x, h.y);
      await page.locator('[data-testid="drawing-actions"][data-kind="hline"]').waitFor();
      assert.equal(await tools.getAttribute('data-count'), '1');
      // A tap elsewhere lets it go; a tap on it selects it again.
      await page.touchscreen.tap(at(0.6, 0.8).x, at(0.6, 0.8).y);
      await page.getByTestId('drawing-actions').waitFor({ state: 'hidden' });
      await page.touchscreen.tap(at(0.3, 0).x, h.y + 4);
      await page.locator('[data-testid="drawing-actions"][data-kind="hline"]').waitFor();

      // 4. A trend line: the tool, two taps.
      await tool('trend').click();
      await page.locator('[data-testid="drawing-hint"][data-step="1"]').waitFor();
      const a = at(0.3, 0.8);
      const b = at(0.75, 0.6);
      await page.touchscreen.tap(a.x, a.y);
      await page.locator('[data-testid="drawing-hint"][data-step="2"]').waitFor();
      await page.touchscreen.tap(b.x, b.y);
      await page.locator('[data-testid="drawing-actions"][data-kind="trend"]').waitFor();
      await screenshot(page, `chart-drawing-2-trend-${lang}`);
      const saved = await drawings(server, token);
      assert.deepEqual(
        saved.map((d) => d.kind),
        ['hline', 'trend'],
      );

      // 5. A reload: both are still there, as the server keeps them.
      await page.reload();
      await chartReady();
      await page.locator('[data-testid="drawing-tools"][data-count="2"]').waitFor();
      assert.deepEqual(await drawings(server, token), saved);
      await screenshot(page, `chart-drawing-3-reloaded-${lang}`);

      // 6. The line, found by its price, dragged 40 px higher: a higher price is saved.
      pane = await paneOf(page);
      const scale = await priceScale(page, at(0.5, 0).x, [at(0.5, 0.2).y, at(0.5, 0.8).y]);
      const line = saved.find((d) => d.kind === 'hline')!;
      const lineY = scale.yOf(Number(line.points[0]!.price));
      await page.touchscreen.tap(at(0.5, 0).x, lineY);
      await page.locator('[data-testid="drawing-actions"][data-kind="hline"]').waitFor();
      await drag(cdp, { x: at(0.5, 0).x, y: lineY }, { x: at(0.55, 0).x, y: lineY - 40 });
      const movedTo = await waitFor(async () => {
        const now = (await drawings(server, token)).find((d) => d.id === line.id)!;
        return Number(now.points[0]!.price) > Number(line.points[0]!.price) ? now : undefined;
      }, 'the line saved higher');
      const expected = scale.priceOf(lineY - 40);
      assert.ok(
        Math.abs(Number(movedTo.points[0]!.price) - expected) <
          Math.abs(scale.priceOf(lineY + 8) - scale.priceOf(lineY)),
        `moved to about ${expected}: ${movedTo.points[0]!.price}`,
      );
      await screenshot(page, `chart-drawing-4-moved-${lang}`);

      // 7. The trend line, selected by a tap on its middle, deleted.
      const trend = saved.find((d) => d.kind === 'trend')!;
      const mid = (Number(trend.points[0]!.price) + Number(trend.points[1]!.price)) / 2;
      await page.touchscreen.tap((a.x + b.x) / 2, scale.yOf(mid));
      await page.locator('[data-testid="drawing-actions"][data-kind="trend"]').waitFor();
      await page.getByTestId('drawing-delete').click();
      await page.locator('[data-testid="drawing-tools"][data-count="1"]').waitFor();
      assert.deepEqual(
        (await drawings(server, token)).map((d) => d.id),
        [line.id],
      );

      // 8. A position with a stop-loss, from the ticket: its entry and stop on the chart. The
      // side keeps the stop inside the chart's prices (a buy's below, a sell's above).
      const live = await page.getByTestId('trade-price').innerText();
      const price = Number(live.replace(/[^\d.]/g, ''));
      const lowY = scale.yOf(price) + pane.height * 0.25;
      const buy = lowY < pane.top + pane.height * 0.92;
      const sl = Math.round(scale.priceOf(buy ? lowY : scale.yOf(price) - pane.height * 0.25));
      await page.getByTestId(buy ? 'side-buy' : 'side-sell').click();
      await page.getByTestId('stop-loss').fill(String(sl));
      await page.getByTestId('order-submit').click();
      await page.getByTestId('order-success').waitFor();
      await page.getByRole('button', { name: texts(lang).trading.continue_trading }).click();
      const position = await waitFor(async () => {
        const open = await api<{ data: Order[] }>(server, '/v1/api/forex/my_deal?status=1', undefined, token);
        return open.data[0];
      }, 'the position');
      assert.equal(position.TargetLossPrice, sl);
      await page.getByTestId('candle-chart').scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      await screenshot(page, `chart-trade-1-lines-${lang}`);

      // 9. The stop's tag, dragged 30 px further from the price: the sheet shows the new level
      // and the money at it; Confirm moves the order's stop-loss.
      pane = await paneOf(page);
      const stopScale = await priceScale(page, at(0.5, 0).x, [at(0.5, 0.2).y, at(0.5, 0.8).y]);
      const tagX = pane.left + pane.width - 10;
      const slY = stopScale.yOf(sl);
      await drag(cdp, { x: tagX, y: slY }, { x: tagX, y: slY + (buy ? 30 : -30) });
      const sheet = page.getByTestId('stop-move-sheet');
      await sheet.waitFor();
      const newLevel = Number(await sheet.getAttribute('data-price'));
      assert.ok(
        buy ? newLevel < sl : newLevel > sl,
        `the stop moved away from the price: ${sl} → ${newLevel}`,
      );
      const money = Number(await page.getByTestId('stop-move-money').getAttribute('data-money'));
      // 0.01 BTC: the loss at the stop is the distance from the entry × 0.01.
      const entry = position.OriginPrice;
      assert.ok(
        Math.abs(money - (buy ? newLevel - entry : entry - newLevel) * 0.01) < 0.01,
        `money at the stop ${money}`,
      );
      await screenshot(page, `chart-trade-2-confirm-${lang}`);
      await page.getByTestId('stop-move-confirm').click();
      await sheet.waitFor({ state: 'hidden' });
      await waitFor(async () => {
        const open = await api<{ data: Order[] }>(server, '/v1/api/forex/my_deal?status=1', undefined, token);
        return open.data[0]?.TargetLossPrice === newLevel ? true : undefined;
      }, 'the order’s new stop-loss');
      await page.waitForTimeout(600);
      await screenshot(page, `chart-trade-3-moved-${lang}`);

      // 10. Dragged and cancelled: the line goes back, the order keeps its stop. Dragged past
      // the price, the server refuses: its reason is toasted, the stop stays.
      // The price scale now takes in the moved stop: read again.
      const nowScale = await priceScale(page, at(0.5, 0).x, [at(0.5, 0.2).y, at(0.5, 0.8).y]);
      const market = Number((await page.getByTestId('trade-price').innerText()).replace(/[^\d.]/g, ''));
      const refused = nowScale.yOf(market) + (buy ? -40 : 40);
      const nowY = nowScale.yOf(newLevel);
      await drag(cdp, { x: tagX, y: nowY }, { x: tagX, y: nowY + (buy ? 20 : -20) });
      await sheet.waitFor();
      await page.getByTestId('stop-move-cancel').click();
      await sheet.waitFor({ state: 'hidden' });
      const kept = await api<{ data: Order[] }>(server, '/v1/api/forex/my_deal?status=1', undefined, token);
      assert.equal(kept.data[0]?.TargetLossPrice, newLevel);
      await drag(cdp, { x: tagX, y: nowY }, { x: tagX, y: refused });
      await sheet.waitFor();
      await page.getByTestId('stop-move-confirm').click();
      const reason = texts(lang)
        .errors[buy ? 'sl_wrong_side_buy' : 'sl_wrong_side_sell'].split('{{')[0]!
        .trim();
      await page.locator('.adm-toast-main-text', { hasText: reason }).waitFor();
      await screenshot(page, `chart-trade-4-refused-${lang}`);
      await sheet.waitFor({ state: 'hidden' });
      const after = await api<{ data: Order[] }>(server, '/v1/api/forex/my_deal?status=1', undefined, token);
      assert.equal(after.data[0]?.TargetLossPrice, newLevel);

      // 11. A pending order on the other side of the price from that stop, with its take-profit
      // past the price and its stop-loss away (each tag 40 px or more from its own, so a
      // fingertip cannot take the wrong one): its own line's tag, dragged 15 px further
      // away, asks to confirm with the price now and new, the money at its stops from the new
      // price and the margin it will need there; Confirm moves the order (checked through the
      // API). `away` is the way from the price to the order on screen (down is +1).
      const away = buy ? -1 : 1;
      const marketY = nowScale.yOf(market);
      // 40 px from the price (or the entry), its stop-loss 40 px further: off the pane if the
      // price is near its edge, and then the price scale takes them in (read again below).
      const gap = 40;
      // Beyond both the price and the position's entry: a tag within a tag's height of another
      // steps left of it, away from where the finger goes.
      const entryY = nowScale.yOf(position.OriginPrice);
      const pendingY = (away < 0 ? Math.min(marketY, entryY) : Math.max(marketY, entryY)) + away * gap;
      const target = Math.round(nowScale.priceOf(pendingY));
      const waiting = await api<Order & { Price: number }>(
        server,
        '/v1/api/forex/submit',
        {
          type: buy ? 2 : 1,
          cont: '0.01',
          forex_id: BTC,
          status: 0,
          target_price: target,
          target_profit_price: Math.round(nowScale.priceOf(pendingY - away * (gap + 30))),
          stop_loss_price: Math.round(nowScale.priceOf(pendingY + away * 40)),
          multiple: 20,
        },
        token,
      );
      await page.waitForTimeout(800);
      // The chart rescales as the price moves between the reading and the drag: a drag that
      // took a neighbouring tag (or none) is let go and tried again from a new reading.
      const pendingSheet = page.locator('[data-testid="stop-move-sheet"][data-kind="pending"]');
      let opened = false;
      for (let attempt = 0; attempt < 3 && !opened; attempt++) {
        const pendingScale = await priceScale(page, at(0.5, 0).x, [at(0.5, 0.2).y, at(0.5, 0.8).y]);
        const fromY = pendingScale.yOf(target);
        pane = await paneOf(page);
        assert.ok(
          fromY > pane.top + 20 && fromY < pane.top + pane.height - 20,
          `the pending line at y ${fromY}`,
        );
        await drag(cdp, { x: tagX, y: fromY }, { x: tagX, y: fromY + away * 15 });
        opened = await pendingSheet.waitFor({ timeout: 8_000 }).then(
          () => true,
          () => false,
        );
        if (!opened && (await sheet.isVisible())) {
          await page.getByTestId('stop-move-cancel').click();
          await sheet.waitFor({ state: 'hidden' });
        }
      }
      assert.ok(opened, 'the pending order’s tag, dragged, asks to confirm');
      const moved = Number(await sheet.getAttribute('data-price'));
      assert.ok(
        buy ? moved > target : moved < target,
        `the order moved away from the price: ${target} → ${moved}`,
      );
      const tpMoney = Number(await page.getByTestId('pending-move-tp').getAttribute('data-money'));
      const tp = waiting.TargetProfitPrice;
      // 0.01 BTC: the money at the take-profit is its distance from the new price × 0.01.
      assert.ok(
        Math.abs(tpMoney - Math.abs(tp - moved) * 0.01) < 0.01,
        `money at the take-profit ${tpMoney}`,
      );
      const margin = Number(await page.getByTestId('pending-move-margin').getAttribute('data-money'));
      // 0.01 × 1 × price ÷ 20.
      assert.ok(Math.abs(margin - (moved * 0.01) / 20) < 0.01, `margin at the new price ${margin}`);
      await screenshot(page, `chart-trade-5-pending-${lang}`);
      await page.getByTestId('stop-move-confirm').click();
      await sheet.waitFor({ state: 'hidden' });
      await waitFor(async () => {
        const list = await api<{ data: (Order & { Price: number })[] }>(
          server,
          '/v1/api/forex/my_deal?status=0',
          undefined,
          token,
        );
        return list.data.find((o) => o.Id === waiting.Id)?.Price === moved ? true : undefined;
      }, 'the pending order’s new price');
      await page.waitForTimeout(600);
      await screenshot(page, `chart-trade-6-pending-moved-${lang}`);

      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }
});

async function waitFor<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
