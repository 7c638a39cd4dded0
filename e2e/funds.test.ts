import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  journeyDialects,
  launchChromium,
  phonePage,
  screenshot,
  startServer,
  type RunningServer,
} from './harness.js';
import {
  ADMIN,
  api,
  desk,
  deskLogIn,
  deskSaved,
  firstUseByApi,
  logIn,
  mailedCode,
  makePng,
  PASSWORD,
  pathOf,
  registerByApi,
  startDemo,
  storage,
  TRC20_ADDRESS,
} from './helpers.js';

/**
 * A real trader's money and identity at a phone viewport, with an operator in the back
 * office at /admin — both logged in through their login pages: a withdrawal without a
 * bound account asks for one and leads to binding a TRC20 address; the wallet lists it;
 * a coin deposit goes in with a proof image, the operator approves it, and the balance
 * and the account log show it; a withdrawal holds the amount, the operator rejects it,
 * and the amount is free again; another is paid with its transaction id, which the trader
 * then sees and copies; the identity is submitted with two photos and approved.
 * The invite link, in its path and its hash form, opens register with the code filled
 * in; a demo trader is told to use a real account. Codes are read from the server log (no
 * SMTP_URL: e-mails are logged). Runs on SQLite and on PostgreSQL (e2e/README.md).
 */

for (const dialect of journeyDialects(['sqlite', 'postgres'])) {
  void describe(`a real trader's money, identity and invites (${dialect})`, () => {
    const email = `funds-${dialect}@example.com`;
    let server: RunningServer;
    let browser: Browser;
    /** The trader's phone, logged in once through the login page. */
    let page: Page;
    /** The operator's desk, logged in once through the back office's login page. */
    let ops: { context: BrowserContext; page: Page; errors: string[] };
    const errors: string[] = [];

    /** What the server says the trader can withdraw and holds (the test's own check). */
    const funds = async () =>
      api<{ withdrawable: number; balance: number; lock_balance: number }>(
        server,
        '/api/account/withdrawable',
        undefined,
        (await storage(page, 'pipwise.token')) ?? '',
      );

    /** Opens a mine-page link, as the trader gets there. */
    const fromMine = async (route: string) => {
      await page.goto(`${server.url}/user`);
      await page.locator(`[data-testid="mine-link"][data-route="${route}"]`).click();
      await page.waitForURL((u) => u.pathname === route);
    };

    before(async () => {
      server = await startServer(ADMIN, { dialect });
      browser = await launchChromium();
      await registerByApi(server, email);
      page = await phonePage(browser, { lang: 'en' });
      page.on('pageerror', (e) => errors.push(e.message));
      await logIn(page, server, email);
      ops = await desk(browser);
      // The first operator's first use (its screens are walked through in admin.test.ts).
      const admin = await firstUseByApi(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD, 'Funds-ops-2026x');
      await deskLogIn(ops.page, server, admin);
    });
    after(async () => {
      await browser?.close();
      await server?.stop();
    });

    void it('binds a TRC20 address from the withdrawal form, and the wallet lists it', async () => {
      await fromMine('/mine/withdraw');
      await page.getByTestId('withdraw-form').waitFor();
      await page.getByTestId('no-method').waitFor();

      // Fee and arrival follow the typed amount (USDT TRC20 is the first coin currency).
      await page.getByTestId('withdraw-amount').fill('25');
      const fee = await page.getByTestId('withdraw-fee').innerText();
      const arrival = await page.getByTestId('withdraw-arrival').innerText();
      assert.match(fee, /USD$/);
      assert.match(arrival, /^\d[\d,]*\.\d{2} USDT$/);
      await page.getByTestId('withdraw-amount').fill('30');
      await page.waitForFunction(
        (before) => document.querySelector('[data-testid="withdraw-arrival"]')?.textContent !== before,
        arrival,
      );

      await page.getByTestId('withdraw-submit').click();
      await page.getByTestId('no-method-dialog').getByText('Please set up a payment account first').waitFor();
      await page.getByTestId('no-method-setup').click();
      await page.waitForURL((url) => url.pathname === '/mine/withdraw-way');
      assert.equal(pathOf(page), '/mine/withdraw-way?type=1');

      // Bind: empty first (the form's own check), then a wrong address (the server's check).
      const form = page.getByTestId('bind-form');
      await form.waitFor();
      await page.locator('[data-testid="bind-currency"]', { hasText: 'TRC20' }).first().click();
      await page.getByTestId('bind-submit').click();
      await form.getByTestId('field-error').getByText('This field is required').waitFor();
      await page.getByTestId('bind-dc_address').fill('TThisIsNotAValidTronAddress000000');
      await page.getByTestId('bind-submit').click();
      await page.locator('.adm-toast-main-text').waitFor(); // the server's reason
      assert.equal(new URL(page.url()).pathname, '/mine/withdraw-way', 'a refused address stays on the form');
      await page.getByTestId('bind-dc_address').fill(TRC20_ADDRESS);
      await screenshot(page, `funds-bind-trc20-${dialect}`);
      await page.getByTestId('bind-submit').click();

      // Back on the withdraw form, the new address is the account to pay to.
      await page.waitForURL((url) => url.pathname === '/mine/withdraw');
      const method = page.getByTestId('withdraw-method');
      await method.waitFor();
      assert.match(await method.innerText(), /TRC20/);
      assert.equal(await method.getAttribute('aria-checked'), 'true');

      // The wallet: the address under coin addresses, no bank card yet.
      await fromMine('/mine/wallet');
      await page.locator('[data-testid="wallet-link"][data-path="/mine/coin-address-list"]').click();
      await page.waitForURL((u) => u.pathname === '/mine/coin-address-list');
      await page.getByTestId('method-address').getByText(TRC20_ADDRESS).waitFor();
      await page.getByTestId('nav-back').click();
      await page.locator('[data-testid="wallet-link"][data-path="/mine/bank-card-list"]').click();
      await page.waitForURL((u) => u.pathname === '/mine/bank-card-list');
      await page.getByTestId('methods-empty').waitFor();
      await screenshot(page, `funds-bank-cards-${dialect}`);
    });

    void it('deposits coins with a proof; the operator approves; balance and log show it', async () => {
      await fromMine('/mine/charge');
      await page.getByTestId('deposit-address').waitFor();
      const address = (await page.getByTestId('deposit-address-text').innerText()).trim();
      assert.ok(address.length > 20, 'the deposit address is shown');
      assert.equal(await page.getByTestId('deposit-qr').locator('svg').count(), 1, 'with its QR code');

      // Submitting without an amount or proof names what is missing.
      await page.getByTestId('coin-deposit-submit').click();
      await page.getByTestId('coin-deposit').getByText('Please enter the amount').waitFor();
      await page.getByTestId('coin-deposit-amount').fill('150.5');
      await page.getByTestId('coin-deposit-submit').click();
      await page.getByTestId('coin-deposit').getByText('Please upload the payment proof').waitFor();

      // The proof goes through the slot's file input; the slot shows it once uploaded.
      await page.getByTestId('coin-deposit-proof-input').setInputFiles({
        name: 'transfer.png',
        mimeType: 'image/png',
        buffer: makePng(240, 160),
      });
      await page.locator('[data-testid="coin-deposit-proof"][data-state="done"]').waitFor();
      await page.getByTestId('coin-deposit-sender').fill('TXsenderAddressOrTxId0001');
      await page.getByTestId('coin-deposit-submit').click();

      // The new deposit heads the coin history, unchecked (status 0), and the form is fresh.
      const row = page.getByTestId('charge-row').first();
      await row.waitFor();
      await page.waitForFunction(() => {
        const first = document.querySelector('[data-testid="charge-row"]');
        return first?.getAttribute('data-status') === '0' && first.textContent?.includes('150.5');
      });
      assert.equal(await row.getByTestId('status-tag').getAttribute('data-tone'), 'pending');
      assert.equal(await page.getByTestId('coin-deposit-amount').inputValue(), '');
      assert.equal(await page.getByTestId('coin-deposit-proof').getAttribute('data-state'), 'empty');
      // The proof is private: shown through the session, not by URL.
      await row.getByRole('button', { name: 'View proof' }).click();
      await page.locator('[data-testid="charge-proof"][data-status="ready"]').waitFor();
      await screenshot(page, `funds-deposit-pending-${dialect}`);

      // The operator: the dashboard counts it, the review shows the proof, approve.
      await ops.page.getByTestId('menu-dashboard').click();
      await ops.page.getByTestId('dash-pending-deposits').getByText('1', { exact: true }).waitFor();
      await ops.page.getByTestId('menu-deposits').click();
      await ops.page.locator('[data-testid^="deposit-open-"]').first().click();
      const review = ops.page.getByTestId('deposit-review');
      await review.getByText(email).first().waitFor();
      await review.locator('img[src^="blob:"]').first().waitFor();
      await review.getByTestId('deposit-approve').click();
      await ops.page.getByTestId('deposit-approve-confirm').click();
      await deskSaved(ops.page);
      await review.waitFor({ state: 'detached' });

      // The trader: the balance on the mine page, the row in the account log, the status.
      await page.goto(`${server.url}/user`);
      await page.getByTestId('balance-value').filter({ hasText: '150.50' }).waitFor();
      await page.locator('[data-testid="mine-link"][data-route="/mine/history"]').click();
      const logged = page.locator('[data-testid="ledger-row"][data-type="deposit"]');
      await logged.first().waitFor();
      assert.match(await logged.first().getByTestId('ledger-value').innerText(), /\+?150\.50/);
      await page.goto(`${server.url}/mine/charge`);
      await page.locator('[data-testid="charge-row"][data-status="1"]').first().waitFor();
      assert.equal((await funds()).balance, 150.5);
      await screenshot(page, `funds-deposit-approved-${dialect}`);
      assert.deepEqual(ops.errors, []);
    });

    void it('withdraws; the operator rejects; the held amount is free again', async () => {
      const before = await funds();
      await fromMine('/mine/withdraw');
      await page.getByTestId('withdraw-method').waitFor();
      await page.getByTestId('withdraw-amount').fill('100');
      await page.getByTestId('withdraw-memo').fill('to my wallet');
      await page.getByTestId('withdraw-submit').click();
      // Nothing is requested before the confirmation sheet's Confirm (issue 22).
      await page.getByTestId('confirm-arrival').waitFor();
      assert.equal(await page.getByTestId('confirm-amount').innerText(), '100.00 USD');
      assert.equal((await funds()).lock_balance, before.lock_balance);
      await page.getByTestId('withdraw-confirm-ok').click();

      // The records: the request under review; the mine page shows the amount held.
      await page.locator('[data-testid="withdraw-board"][data-tab="records"]').waitFor();
      const row = page.getByTestId('withdraw-row').first();
      await row.waitFor();
      assert.equal(await row.getAttribute('data-status'), '0');
      const held = await funds();
      assert.equal(held.lock_balance - before.lock_balance, 100);
      await page.goto(`${server.url}/user`);
      const heldLine = page.getByTestId('balance-card').getByText('Held for withdrawals');
      await heldLine.waitFor();
      assert.match(await heldLine.innerText(), /100\.00/);
      await screenshot(page, `funds-withdraw-held-${dialect}`);

      // The operator rejects it with a reason.
      await ops.page.getByTestId('menu-withdrawals').click();
      await ops.page.locator('[data-testid^="withdrawal-open-"]').first().click();
      const review = ops.page.getByTestId('withdrawal-review');
      await review.getByText(TRC20_ADDRESS).waitFor();
      await review.getByTestId('withdrawal-reject').click();
      const reason = 'The address belongs to an exchange that refuses TRC20.';
      await ops.page.getByTestId('reason-input').fill(reason);
      await ops.page.getByTestId('reason-ok').click();
      await deskSaved(ops.page);

      // The trader: rejected with the reason, nothing held, the log shows the hold and the return.
      await fromMine('/mine/withdraw');
      await page.getByTestId('withdraw-tab').getByText('Records').click();
      await page.locator('[data-testid="withdraw-row"][data-status="2"]').first().waitFor();
      await page.getByTestId('withdraw-notes').getByText(reason).waitFor();
      const released = await funds();
      assert.equal(released.lock_balance, before.lock_balance);
      assert.equal(released.withdrawable, before.withdrawable);
      await page.goto(`${server.url}/mine/history`);
      await page.locator('[data-testid="ledger-row"][data-type="withdraw_hold"]').first().waitFor();
      await page.locator('[data-testid="ledger-row"][data-type="withdraw_release"]').first().waitFor();
      await page.goto(`${server.url}/user`);
      await page.getByTestId('balance-value').filter({ hasText: '150.50' }).waitFor();
      assert.equal(await heldLine.count(), 0, 'nothing held');
      await screenshot(page, `funds-withdraw-released-${dialect}`);
      assert.deepEqual(ops.errors, []);
    });

    void it('withdraws; the operator pays it with the transaction id; the trader sees it and copies it', async () => {
      await fromMine('/mine/withdraw');
      await page.getByTestId('withdraw-method').waitFor();
      await page.getByTestId('withdraw-amount').fill('20');
      await page.getByTestId('withdraw-submit').click();
      await page.getByTestId('withdraw-confirm-ok').click();
      await page.locator('[data-testid="withdraw-board"][data-tab="records"]').waitFor();
      await page.locator('[data-testid="withdraw-row"][data-status="0"]').first().waitFor();

      // The operator marks it paid: the reference is asked for, and required.
      const txid = '4a1f9c3e7b2d05f8a6c1e9b3d7f2a0c5e8b1d4f7a2c9e6b3d0f5a8c1e4b7d2f9';
      await ops.page.getByTestId('menu-withdrawals').click();
      // The queue as it is now, with the new request (the page still shows the last one's).
      await ops.page.reload();
      await ops.page.locator('[data-testid^="withdrawal-open-"]').first().click();
      const review = ops.page.getByTestId('withdrawal-review');
      await review.getByTestId('withdrawal-approve').click();
      const input = ops.page.getByTestId('withdrawal-approve-input');
      await input.waitFor();
      await ops.page.getByTestId('withdrawal-approve-confirm').click();
      await ops.page.getByTestId('withdrawal-approve-problem').waitFor();
      assert.equal(await input.getAttribute('aria-invalid'), 'true');
      await input.fill(`  ${txid} `);
      await screenshot(ops.page, `funds-desk-mark-paid-${dialect}`);
      await ops.page.getByTestId('withdrawal-approve-confirm').click();
      await deskSaved(ops.page);

      // The trader: paid, the transaction id under it, to copy.
      await fromMine('/mine/withdraw');
      await page.getByTestId('withdraw-tab').getByText('Records').click();
      const paid = page.locator('[data-testid="withdraw-row"][data-status="1"]').first();
      await paid.waitFor();
      const reference = paid.getByTestId('withdraw-reference');
      assert.equal(await reference.getByTestId('withdraw-reference-text').innerText(), txid);
      assert.match(await reference.innerText(), /Transaction ID/);
      await reference.getByTestId('copy-payout-reference').click();
      await page.locator('.adm-toast-main').filter({ hasText: 'Copied' }).waitFor();
      await screenshot(page, `funds-withdraw-paid-${dialect}`);
      assert.deepEqual(ops.errors, []);
    });

    void it('submits the identity with two photos; the operator approves it', async () => {
      await fromMine('/mine/auth');
      await page.getByTestId('identity-form').waitFor();
      await page.getByTestId('identity-name-input').fill('Amira Haddad');
      await page.getByTestId('identity-card-input').fill('P1234567');
      await page.getByTestId('identity-front-slot-input').setInputFiles({
        name: 'front.png',
        mimeType: 'image/png',
        buffer: makePng(420, 260, [0, 150, 110]),
      });
      await page.getByTestId('identity-back-slot-input').setInputFiles({
        name: 'back.png',
        mimeType: 'image/png',
        buffer: makePng(420, 260, [200, 90, 20]),
      });
      await page.locator('[data-testid="identity-front-slot"][data-state="done"]').waitFor();
      await page.locator('[data-testid="identity-back-slot"][data-state="done"]').waitFor();
      await page.getByTestId('identity-submit').click();
      await page.getByTestId('identity-review').waitFor();

      await ops.page.getByTestId('menu-identity').click();
      await ops.page.locator('[data-testid^="identity-open-"]').first().click();
      const review = ops.page.getByTestId('identity-review');
      await review.getByText('Amira Haddad').first().waitFor();
      await review.locator('img[src^="blob:"]').nth(1).waitFor();
      await review.getByTestId('identity-approve').click();
      await ops.page.locator('.ant-popconfirm .ant-btn-primary').click();
      await deskSaved(ops.page);

      await page.reload();
      await page.getByTestId('identity-verified').waitFor();
      assert.equal(await page.getByTestId('identity-name').innerText(), 'Amira Haddad');
      await screenshot(page, `funds-identity-verified-${dialect}`);
      await screenshot(ops.page, `funds-identity-approved-desk-${dialect}`);
      assert.deepEqual(ops.errors, []);
    });

    void it('opens register with the invite code filled, from the link and from its hash form', async () => {
      await fromMine('/mine/invite');
      const code = (await page.getByTestId('invite-code').innerText()).trim();
      assert.ok(code.length >= 4);
      const link = (await page.getByTestId('invite-link').innerText()).trim();
      assert.equal(link, `${server.url}/register?invite_code=${code}`);
      assert.equal(await page.getByTestId('invite-qr').locator('svg').count(), 1);

      for (const url of [link, `${server.url}/#/register?invite_code=${code}`]) {
        const guest = await phonePage(browser, { lang: 'en' });
        await guest.goto(url);
        await guest.getByTestId('register-form').waitFor();
        assert.equal(new URL(guest.url()).pathname, '/register', url);
        assert.equal(await guest.getByTestId('register-invite').inputValue(), code, url);
        await guest.context().close();
      }

      // A friend registers through the hash link, the code as it was filled in; the
      // trader's invite page counts them.
      const friend = await phonePage(browser, { lang: 'en' });
      const friendEmail = `invited-${dialect}@example.com`;
      await friend.goto(`${server.url}/#/register?invite_code=${code}`);
      await friend.getByTestId('register-account').fill(friendEmail);
      await friend.getByTestId('send-code').click();
      await friend.getByTestId('register-code').fill(await mailedCode(server, friendEmail));
      await friend.getByTestId('register-password').fill(PASSWORD);
      await friend.getByTestId('register-repeat').fill(PASSWORD);
      await friend.getByTestId('register-submit').click();
      await friend.waitForURL((url) => url.pathname === '/login');
      await friend.context().close();

      await page.reload();
      await page.getByTestId('invited-count').getByText('1', { exact: true }).waitFor();
      await screenshot(page, `funds-invite-${dialect}`);
      assert.deepEqual(errors, []);
    });

    void it('tells a demo trader to use a real account instead of the money screens', async () => {
      const demo = await phonePage(browser, { lang: 'en' });
      await startDemo(demo, server);
      await demo.getByTestId('home-mine').click();
      await demo.locator('[data-testid="mine-link"][data-route="/mine/charge"]').click();
      await demo.getByText('Please register or log in to a real account').first().waitFor();
      assert.equal(new URL(demo.url()).pathname, '/user');
      for (const path of ['/mine/charge', '/mine/withdraw', '/mine/wallet', '/mine/auth', '/mine/invite']) {
        await demo.goto(`${server.url}${path}`);
        await demo
          .getByTestId('real-account-only')
          .getByText('Please register or log in to a real account')
          .waitFor();
      }
      await screenshot(demo, `funds-demo-real-only-${dialect}`);
      await demo.context().close();
    });
  });
}
