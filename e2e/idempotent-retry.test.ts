import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Request } from 'playwright-core';
import { phonePage, screenshot, serverAndBrowser } from './harness.js';
import { startDemo, storage, waitUntil, type Envelope } from './helpers.js';

/**
 * The order ticket's retry after a lost answer (docs/api.md "Trading": `Idempotency-Key`):
 * the first submit reaches the server, which opens the position, but its response is
 * dropped on the way back. The ticket sends the same request again with the same key, and
 * the trader ends up with exactly one position and one success popup. The next tap is a
 * new submission with a new key.
 */

interface OrderPage {
  data: { Id: number; Status: number }[];
  total: number;
}

async function holding(url: string, token: string): Promise<OrderPage> {
  const res = await fetch(`${url}/v1/api/forex/my_deal?status=1&page=1`, {
    headers: { authorization: token },
  });
  const body = (await res.json()) as Envelope<OrderPage>;
  assert.equal(body.code, 1);
  return body.data;
}

interface SeenSubmit {
  key: string | undefined;
  body: string | null;
}

const seen = (request: Request): SeenSubmit => ({
  key: request.headers()['idempotency-key'],
  body: request.postData(),
});

void describe('order ticket retry after a dropped response', () => {
  const journey = serverAndBrowser();

  void it('opens exactly one position and shows one success popup', async () => {
    const { server, browser } = journey;
    // The demo account, started from the login page; its session for the test's own checks.
    const page = await phonePage(browser, { lang: 'en' });
    await startDemo(page, server);
    const token = (await storage(page, 'pipwise.token')) ?? '';
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Every submit is recorded; the first one reaches the server, its answer is dropped.
    const submits: SeenSubmit[] = [];
    let dropped: Envelope<{ Id: number }> | null = null;
    await page.route('**/v1/api/forex/submit', async (route) => {
      submits.push(seen(route.request()));
      if (submits.length > 1) {
        await route.continue();
        return;
      }
      const response = await route.fetch();
      dropped = (await response.json()) as Envelope<{ Id: number }>;
      await route.abort('failed');
    });
    const answers: Envelope<{ Id: number }>[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/v1/api/forex/submit')) return;
      void response.json().then((body: Envelope<{ Id: number }>) => answers.push(body));
    });

    // BTC/USD: crypto trades at the weekend too.
    await page.goto(`${server.url}/trade?code=BTCUSD`);
    await page.locator('[data-testid="trade-page"][data-code="BTCUSD"]').waitFor();
    await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
    assert.equal((await holding(server.url, token)).total, 0);

    await page.getByTestId('side-buy').click();
    await page.getByTestId('order-submit').click();
    const success = page.getByTestId('order-success');
    await success.waitFor({ timeout: 15_000 });
    assert.match(await success.innerText(), /Order filled/);

    // The dropped attempt had been booked; the retry carried the same key and body and
    // was answered with that same order.
    assert.equal(submits.length, 2, 'one retry');
    assert.ok(submits[0]!.key && submits[0]!.key.length <= 64, 'an idempotency key is sent');
    assert.deepEqual(submits[1], submits[0]);
    const first = dropped as Envelope<{ Id: number }> | null;
    assert.ok(first, 'the first attempt reached the server');
    assert.equal(first.code, 1, 'and was booked');
    await waitUntil(() => answers.length === 1, 'the retry answered');
    assert.equal(answers[0]!.code, 1);
    assert.equal(answers[0]!.data.Id, first.data.Id);

    // Exactly one new holding order, the one booked first.
    const afterRetry = await holding(server.url, token);
    assert.equal(afterRetry.total, 1);
    assert.deepEqual(
      afterRetry.data.map((o) => o.Id),
      [first.data.Id],
    );

    // One popup, and it stays one; the lost attempt showed no error.
    await page.waitForTimeout(1_500);
    assert.equal(await page.getByTestId('order-success').count(), 1);
    assert.equal(await page.locator('.adm-toast-main').filter({ hasText: 'Network error' }).count(), 0);
    await screenshot(page, 'idempotent-retry');

    // The next tap is a new submission: a new key, a second position.
    await page.getByRole('button', { name: 'Continue trading' }).click();
    await success.waitFor({ state: 'hidden' });
    await page.getByTestId('order-submit').click();
    await success.waitFor({ timeout: 15_000 });
    assert.equal(submits.length, 3);
    assert.notEqual(submits[2]!.key, submits[0]!.key);
    assert.equal((await holding(server.url, token)).total, 2);
    await screenshot(page, 'idempotent-retry-second');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
