import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, phonePage, screenshot, startServer, type RunningServer } from './harness.js';
import { numberIn, startDemo, storage } from './helpers.js';

/**
 * The risk-first order ticket (docs/money.md "The order ticket") at a phone viewport: a demo
 * trader on /trade picks BTC/USD (open at the weekend too), sizes the trade from 1 % of
 * equity with a stop-loss — the ticket fills the lots —, places it, and the position on
 * /order shows the same money at the stop, stop-out price and spread as the ticket showed;
 * `forex/preview` answers the same margin and fee as the ticket shows; the account log
 * links the order's fee to its details. Then the screens, in en, hk and ar at 390 and 360
 * px wide, go to e2e/artifacts.
 */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

interface Position {
  Id: number;
  OriginPrice: number;
  Quantity: number;
  TargetLossPrice: number;
  SpreadOpen: number;
}

interface Preview {
  entry: number;
  margin: number;
  fee: number;
  stop_out_price: number | null;
  at_stop: { money: number } | null;
}

/** USD as the app shows it (lib/format-money.ts): two decimals, grouped, half away from zero. */
const usd = (value: number, signed = false) =>
  new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: signed ? 'exceptZero' : 'auto',
    roundingMode: 'halfExpand',
  }).format(value);

/** Text without the isolation marks and the unit. */
const bare = (text: string) =>
  text
    .replace(/[\u2066\u2068\u2069]/g, '')
    .replace(/\s*USD$/, '')
    .trim();

async function apiCall<T>(
  server: RunningServer,
  page: Page,
  url: string,
  body?: object,
): Promise<Envelope<T>> {
  const token = (await storage(page, 'pipwise.token')) ?? '';
  const res = await fetch(`${server.url}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: token, lang: 'en', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as Envelope<T>;
}

async function openPositions(server: RunningServer, page: Page): Promise<Position[]> {
  const answer = await apiCall<{ data: Position[] }>(server, page, '/v1/api/forex/my_deal?status=1&page=1');
  assert.equal(answer.code, 1, answer.msg);
  return answer.data.data;
}

/** The BTC/USD board row: its id for the API. */
async function btcId(server: RunningServer): Promise<number> {
  const res = await fetch(`${server.url}/v1/api/forex/trade_list?searchCurrency=BTCUSD`);
  const body = (await res.json()) as Envelope<{ Id: number; Code: string }[]>;
  return body.data.find((p) => p.Code === 'BTCUSD')!.Id;
}

/**
 * The ticket as shown right now: what a journey compares. With `tap`, the submit is tapped
 * in the same task, so nothing on screen changes between the reading and the tap.
 */
async function readTicket(page: Page, tap = false) {
  return page.evaluate((andTap) => {
    // No named functions in here: the page gets this function's source as it is.
    const ids = {
      margin: 'est-margin',
      fee: 'est-fee',
      atStop: 'ticket-at-stop',
      stopOut: 'ticket-stop-out',
      spread: 'ticket-spread',
      riskResult: 'risk-result',
      riskFee: 'risk-fee',
    };
    const figures: Record<string, string> = {
      entry: document.querySelector('[data-testid="order-ticket"]')?.getAttribute('data-entry') ?? '',
      lots: document.querySelector<HTMLInputElement>('[data-testid="lots-input"]')?.value ?? '',
    };
    for (const [key, id] of Object.entries(ids)) {
      figures[key] = document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
    }
    if (andTap) document.querySelector<HTMLButtonElement>('[data-testid="order-submit"]')?.click();
    return figures as { [K in 'entry' | 'lots' | keyof typeof ids]: string };
  }, tap);
}

/**
 * Waits until a fresh quote arrives (the ask shown changes) and the ticket has priced it:
 * the next tick is then furthest away. The ticket's figures follow the quotes clock (every
 * 400 ms), not each tick, so they take the new ask a moment after the button shows it.
 */
async function justAfterATick(page: Page): Promise<void> {
  const before = await page.getByTestId('side-buy').innerText();
  await page.waitForFunction(
    (b) => document.querySelector('[data-testid="side-buy"]')?.textContent !== b,
    before,
    { timeout: 15_000 },
  );
  await page.waitForFunction(
    () => {
      const text = document.querySelector('[data-testid="side-buy"]')?.textContent ?? '';
      const shown = /[\d,]+\.\d+/.exec(text)?.[0]?.replace(/,/g, '');
      const entry = document.querySelector('[data-testid="order-ticket"]')?.getAttribute('data-entry');
      return shown !== undefined && !!entry && Number(entry) === Number(shown);
    },
    undefined,
    { timeout: 5_000 },
  );
}

void describe('risk-first order ticket (demo account, BTC/USD)', () => {
  let server: RunningServer;
  let browser: Browser;
  before(async () => {
    // Ticks every second: a quote is rarely replaced between the tap and the fill.
    server = await startServer({ SIM_TICK_MS: '1000' });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  void it('sizes from 1 % risk, places it, and the position shows what the ticket showed', async () => {
    const page = await phonePage(browser, { lang: 'en' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await startDemo(page, server);
    await page.goto(`${server.url}/trade?code=BTCUSD`);
    await page.locator('[data-testid="trade-page"][data-code="BTCUSD"]').waitFor();
    const forexId = await btcId(server);

    // 1. Leverage 1:20, lots from 1 % of equity, a stop-loss 100 below the ask.
    await page.locator('[data-testid="leverage-option"][data-value="20"]').click();
    await page.getByTestId('risk-mode-percent').click();
    assert.equal(await page.getByTestId('risk-amount').inputValue(), '1');
    const ask = numberIn(await page.getByTestId('side-buy').innerText());
    const sl = (Math.round(ask * 100) / 100 - 100).toFixed(2);
    await page.getByTestId('stop-loss').fill(sl);
    const result = page.locator('[data-testid="risk-result"][data-kind="sized"]');
    await result.waitFor();
    // The ticket filled the lots: the most 0.01 steps whose loss at the stop stays within 1 %.
    // Its figures and the risk answer are read together, in the quiet just after a tick: a
    // tick between two reads would size the next ask.
    await justAfterATick(page);
    await page.waitForFunction(() => {
      const lotsNow = document.querySelector<HTMLInputElement>('[data-testid="lots-input"]')?.value;
      // Without the invisible isolates around each figure (apps/web/src/lib/bidi.ts).
      const answer = (document.querySelector('[data-testid="risk-result"]')?.textContent ?? '').replace(
        /[\u2066-\u2069]/g,
        '',
      );
      return !!lotsNow && answer.includes(` ${lotsNow} lots`);
    });
    const sized = await readTicket(page);
    const lots = Number(sized.lots);
    assert.ok(lots > 0, `lots from risk: ${sized.lots}`);
    assert.match(bare(sized.riskResult), new RegExp(`^Risking 100\\.00 USD: ${sized.lots} lots lose`));
    // 1 % of the 10,000 the demo starts with: the loss at the stop plus the fee within it, and
    // one more step would not be (docs/money.md "The order ticket"); the answer says so.
    const loss = -numberIn(sized.atStop);
    const fee = numberIn(sized.fee);
    const perStep = 0.01 * (Number(sized.entry) - Number(sl)) + (fee / lots) * 0.01;
    assert.ok(
      loss + fee <= 100 && loss + fee + perStep > 100,
      `loss at the stop ${loss} + fee ${fee}, a step more ${perStep}`,
    );
    assert.equal(bare(sized.riskFee), `Includes the ${bare(sized.fee)} USD fee`);
    await page.getByTestId('ticket-toggle').click();
    // A night held (docs/money.md "Overnight financing (swap)"): BTC/USD's −20 % a year on
    // the notional, one night every day; the pair's terms under the form.
    assert.match(bare(await page.getByTestId('ticket-swap').innerText()), /^-\d+\.\d{2} USD a night$/);
    assert.equal(bare(await page.getByTestId('swap-long').innerText()), '-20.00% a year');
    assert.equal(bare(await page.getByTestId('swap-triple').innerText()), 'None: one night each day');
    await page.getByTestId('order-ticket').scrollIntoViewIfNeeded();
    await screenshot(page, 'ticket-journey-1-sized-en');

    // 2. Place it. A quote that changes between the tap and the fill gives another entry (and
    //    other figures): then the journey closes that one and taps again.
    let shown = sized;
    let position: Position | undefined;
    for (let attempt = 1; attempt <= 5 && !position; attempt++) {
      await justAfterATick(page);
      shown = await readTicket(page, true);
      await page.getByTestId('order-success').waitFor();
      const open = await openPositions(server, page);
      assert.equal(open.length, 1);
      if (String(open[0]!.OriginPrice) === shown.entry) position = open[0];
      else {
        const closed = await apiCall(server, page, '/v1/api/forex/close', { id: open[0]!.Id });
        assert.equal(closed.code, 1, closed.msg);
        await page.locator('.adm-modal-footer button').last().click();
        await page.getByTestId('stop-loss').fill(sl);
        await result.waitFor();
      }
    }
    assert.ok(position, 'filled at the price the ticket showed within 5 taps');
    assert.equal(String(position.Quantity), shown.lots);
    assert.equal(position.TargetLossPrice.toFixed(2), sl);
    assert.match(shown.stopOut, /^[\d,]+\.\d{2}$/, `a stop-out price within reach: ${shown.stopOut}`);
    await screenshot(page, 'ticket-journey-2-placed-en');

    // 3. The position on /order: the same money at the stop, stop-out price and spread.
    await page.getByRole('button', { name: 'View positions' }).click();
    await page.waitForURL((u) => u.pathname === '/order' && u.searchParams.get('type') === '1');
    const card = page.locator(`[data-testid="order-card"][data-id="${position.Id}"]`);
    await card.waitFor();
    await card.locator('[data-testid="order-at-sl"]').waitFor();
    await page.waitForFunction(
      (id) =>
        /\d/.test(
          document.querySelector(`[data-testid="order-card"][data-id="${id}"] [data-testid="order-stop-out"]`)
            ?.textContent ?? '',
        ),
      position.Id,
    );
    assert.equal(await card.getByTestId('order-at-sl').innerText(), bare(shown.atStop));
    assert.equal(await card.getByTestId('order-stop-out').innerText(), shown.stopOut);
    await screenshot(page, 'ticket-journey-3-position-en');
    await card.click();
    const detail = page.getByTestId('order-detail');
    await detail.waitFor();
    assert.equal(bare(await detail.getByTestId('detail-at-sl').innerText()), bare(shown.atStop));
    assert.equal(await detail.getByTestId('detail-stop-out').innerText(), shown.stopOut);
    // What it cost: the spread paid at the open is the ticket's spread cost; the fee its fee.
    assert.equal(bare(await detail.getByTestId('detail-spread-open').innerText()), bare(shown.spread));
    assert.equal(usd(position.SpreadOpen), bare(shown.spread));
    assert.equal(bare(await detail.getByTestId('detail-fee').innerText()), bare(shown.fee));
    assert.equal(await detail.getByTestId('detail-swap').innerText(), 'None');
    await detail.getByTestId('order-costs').scrollIntoViewIfNeeded();
    await screenshot(page, 'ticket-journey-4-costs-en');

    // 4. The preview answers the same margin and fee as the ticket shows: a pending order at
    //    a fixed price, then a market one (compared when both priced it at the same ask).
    await page.goto(`${server.url}/trade?code=BTCUSD`);
    await page.locator('[data-testid="trade-page"][data-code="BTCUSD"]').waitFor();
    await page.locator('[data-testid="leverage-option"][data-value="20"]').click();
    await page.getByTestId('lots-input').fill('0.3');
    await page.getByTestId('mode-pending').click();
    const target = (Math.round(ask * 100) / 100 - 2_000).toFixed(2);
    await page.getByTestId('target-price').fill(target);
    const pendingSl = (Number(target) - 500).toFixed(2);
    await page.getByTestId('stop-loss').fill(pendingSl);
    await page.getByTestId('ticket-toggle').click();
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="order-ticket"]')?.getAttribute('data-entry') === want,
      String(Number(target)),
    );
    const pendingTicket = await readTicket(page);
    const pending = await apiCall<Preview>(server, page, '/v1/api/forex/preview', {
      type: 1,
      cont: '0.3',
      forex_id: forexId,
      status: 0,
      target_price: target,
      stop_loss_price: pendingSl,
      multiple: 20,
    });
    assert.equal(pending.code, 1, pending.msg);
    assert.equal(String(pending.data.entry), pendingTicket.entry);
    assert.equal(`${usd(pending.data.margin)} USD`, pendingTicket.margin);
    assert.equal(`${usd(pending.data.fee)} USD`, pendingTicket.fee);
    assert.equal(`${usd(pending.data.at_stop!.money, true)} USD`, pendingTicket.atStop);
    // The stop-out price with the open position and this order: the same whole account.
    assert.equal(
      new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        pending.data.stop_out_price!,
      ),
      pendingTicket.stopOut,
    );
    await screenshot(page, 'ticket-journey-5-pending-en');

    await page.getByTestId('mode-market').click();
    let matched = false;
    for (let attempt = 1; attempt <= 8 && !matched; attempt++) {
      await justAfterATick(page);
      const ticket = await readTicket(page);
      const market = await apiCall<Preview>(server, page, '/v1/api/forex/preview', {
        type: 1,
        cont: '0.3',
        forex_id: forexId,
        status: 1,
        multiple: 20,
      });
      assert.equal(market.code, 1, market.msg);
      if (String(market.data.entry) !== ticket.entry) continue;
      matched = true;
      assert.equal(`${usd(market.data.margin)} USD`, ticket.margin);
      assert.equal(`${usd(market.data.fee)} USD`, ticket.fee);
    }
    assert.ok(matched, 'the preview and the ticket priced a market order at the same ask');

    // 5. The account log links the order's fee to its details.
    await page.goto(`${server.url}/mine/history`);
    const link = page.locator(`[data-testid="ledger-order-link"][data-order-id="${position.Id}"]`).first();
    await link.waitFor();
    await screenshot(page, 'ticket-journey-6-log-en');
    await link.click();
    await page.waitForURL((u) => u.pathname === '/order');
    await page.locator(`[data-testid="order-detail"][data-id="${position.Id}"]`).waitFor();
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  /** The ticket's screens in three languages at two phone widths. */
  const LANGS = ['en', 'hk', 'ar'] as const;
  const SIZES = [
    { width: 390, height: 844 },
    { width: 360, height: 780 },
  ] as const;

  void it('screens: collapsed and expanded, market and pending, risk mode, each warning, /order', async () => {
    for (const lang of LANGS) {
      for (const size of SIZES) {
        const page = await phonePage(browser, { lang });
        await page.setViewportSize(size);
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        const tag = `${lang}-${size.width}`;
        const form = page.getByTestId('order-form');
        const shotForm = async (name: string) => {
          // The whole form, taller than the phone: without the tab bar fixed over it.
          await form.screenshot({ path: artifact(`ticket-${name}-${tag}`), style: HIDE_TAB_BAR });
        };
        await startDemo(page, server);
        await page.goto(`${server.url}/trade?code=BTCUSD`);
        await page.locator('[data-testid="trade-page"][data-code="BTCUSD"]').waitFor();
        await page.getByTestId('order-ticket').locator('[data-testid="est-margin"]').waitFor();
        await page.waitForFunction(() =>
          /\d/.test(document.querySelector('[data-testid="est-margin"]')?.textContent ?? ''),
        );

        // Market, collapsed: what is in sight of a phone, then the whole form.
        await page.getByTestId('order-ticket').scrollIntoViewIfNeeded();
        await screenshot(page, `ticket-market-collapsed-viewport-${tag}`);
        await shotForm('market-collapsed');

        // Risk mode with stops, expanded.
        await page.locator('[data-testid="leverage-option"][data-value="20"]').click();
        await page.getByTestId('risk-mode-percent').click();
        const ask = numberIn(await page.getByTestId('side-buy').innerText());
        await page.getByTestId('stop-loss').fill((ask - 300).toFixed(2));
        await page.getByTestId('take-profit').fill((ask + 900).toFixed(2));
        await page.locator('[data-testid="risk-result"][data-kind="sized"]').waitFor();
        await page.getByTestId('ticket-toggle').click();
        await shotForm('market-risk-expanded');
        await page.getByTestId('risk-control').scrollIntoViewIfNeeded();
        await screenshot(page, `ticket-market-risk-viewport-${tag}`);

        // The minimum lot already risks more than the amount.
        await page.getByTestId('risk-mode-usd').click();
        await page.getByTestId('risk-amount').fill('1');
        await page.locator('[data-testid="risk-result"][data-kind="min_too_risky"]').waitFor();
        await shotForm('risk-min-too-risky');

        // Pending, expanded.
        await page.getByTestId('risk-mode-off').click();
        await page.getByTestId('mode-pending').click();
        await page.getByTestId('target-price').fill((ask - 1_000).toFixed(2));
        await page.getByTestId('stop-loss').fill((ask - 1_500).toFixed(2));
        await page.getByTestId('take-profit').fill((ask + 1_000).toFixed(2));
        await shotForm('pending-expanded');
        await page.getByTestId('ticket-toggle').click();
        await shotForm('pending-collapsed');
        await page.getByTestId('mode-market').click();

        // Warnings: a stop-loss inside the spread; the margin level after at the stop-out
        // level (with the lots more than free margin covers); a stop on the wrong side.
        await page.getByTestId('take-profit').fill('');
        await page.getByTestId('lots-input').fill('0.01');
        const bid = numberIn(await page.getByTestId('side-sell').innerText());
        await page.getByTestId('stop-loss').fill((bid + 1).toFixed(2));
        await page.getByTestId('ticket-warning-sl_inside_spread').waitFor();
        await shotForm('warning-sl-inside-spread');
        await page.getByTestId('stop-loss').fill('');
        // Lots whose margin at 1:20 puts 10,000 of equity at about 40 % and 80 % of it.
        const lotsAtLevel = (level: number) =>
          (Math.floor((10_000 * 20) / (ask * level) / 0.01) * 0.01).toFixed(2);
        await page.getByTestId('lots-input').fill(lotsAtLevel(0.4));
        await page.getByTestId('ticket-warning-stop_out').waitFor();
        await shotForm('warning-stop-out');
        await page.getByTestId('lots-input').fill(lotsAtLevel(0.8));
        await page.getByTestId('ticket-warning-margin_call').waitFor();
        await shotForm('warning-margin-call');
        await page.getByTestId('lots-input').fill('0.01');
        await page.getByTestId('stop-loss').fill((ask + 500).toFixed(2));
        await page.getByTestId('ticket-warning-sl_wrong_side').waitFor();
        await shotForm('warning-wrong-side');
        await page.getByTestId('stop-loss').fill('');

        // Stale prices: the connection drops, no quote for 5 s, trading pauses.
        await page.context().setOffline(true);
        await page.getByTestId('prices-stale').waitFor({ timeout: 20_000 });
        await shotForm('warning-stale');
        await page.context().setOffline(false);
        await page.getByTestId('prices-stale').waitFor({ state: 'detached', timeout: 40_000 });

        // /order with positions: two, one with stops.
        await page.getByTestId('lots-input').fill('0.5');
        await page.getByTestId('stop-loss').fill((ask - 2_000).toFixed(2));
        await page.getByTestId('order-submit').click();
        await page.getByTestId('order-success').waitFor();
        await page.locator('.adm-modal-footer button').last().click();
        await page.getByTestId('stop-loss').fill('');
        await page.getByTestId('side-sell').click();
        await page.getByTestId('lots-input').fill('0.2');
        await page.getByTestId('order-submit').click();
        await page.getByTestId('order-success').waitFor();
        await page.goto(`${server.url}/order?type=1`);
        await page.locator('[data-testid="order-card"] [data-testid="order-at-sl"]').waitFor();
        await page.waitForFunction(
          () => document.querySelectorAll('[data-testid="order-card"]').length === 2,
        );
        await screenshot(page, `order-positions-${tag}`);
        await page.locator('[data-testid="order-card"] [data-testid="order-at-sl"]').click();
        await page.getByTestId('order-detail').waitFor();
        await page.waitForTimeout(400);
        await screenshot(page, `order-detail-${tag}`);
        await page.getByTestId('order-costs').scrollIntoViewIfNeeded();
        await screenshot(page, `order-detail-costs-${tag}`);
        assert.deepEqual(errors, [], `${tag}: page errors`);
        await page.context().close();
      }
    }
  });
});

const HIDE_TAB_BAR = '[data-testid="tab-bar"] { visibility: hidden !important; }';

/** A screenshot's path under e2e/artifacts. */
function artifact(name: string): string {
  return new URL(`./artifacts/${name}.png`, import.meta.url).pathname;
}
