import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assertAccessible } from './axe-audit.js';
import { ARTIFACTS, launchChromium, phonePage, startServer, type RunningServer } from './harness.js';
import {
  ADMIN,
  api,
  apiLogin,
  call,
  desk,
  deskLogIn,
  deskSaved as saved,
  deskSession,
  deskToken,
  firstUseByApi,
  logIn,
  makePng,
  motionsOver,
  outboxCode,
  photographDesk,
  registerByApi,
  totpCode,
  TRC20_ADDRESS,
  bindUsdtAddress,
  type DeskOperator,
  type Login,
} from './helpers.js';

/**
 * The back office at /admin as operators use it, in Debian's Chromium at a desktop
 * viewport, against the built product: the first operator (ADMIN_EMAIL/ADMIN_PASSWORD)
 * logs in for the first time and is held on the first-use screen — a password of their own,
 * then two-factor with the code of an authenticator app (otplib here) — before any menu;
 * then approves a trader's deposit — the trader's balance and account log show it —,
 * rejects a withdrawal — the held amount returns —, and changes a spread that the trader's
 * /trade quote then shows, and sets an instrument's overnight financing (swap) in its editor —
 * a rate beyond its unit's bound refused under the field — photographed in English, Chinese
 * (Hong Kong) and Arabic at a phone's and a desktop's size; creates a trading group (one margin
 * level without the other refused under the field), gives it a condition on a category and
 * moves the trader's account into it from the trader's page. A content operator sees only their menu and "not allowed"
 * elsewhere. Last, every screen is photographed in English and Arabic (right to left) into
 * e2e/artifacts/. Traders log in through the app's login page; what they submit here is
 * set up through the API (funds.test.ts goes through the same screens by hand).
 */

const { ADMIN_EMAIL, ADMIN_PASSWORD } = ADMIN;
/** The password the first operator chooses on the first-use screen. */
const OWN_PASSWORD = 'First-ops-2026x';
const TRADER_EMAIL = 'admin-journey@example.com';

/** A real trader registered through the API (the code from the outbox), logged in. */
async function realUser(server: RunningServer, opsToken: string, email: string): Promise<Login> {
  await registerByApi(server, email, { codeOf: (to) => outboxCode(server, opsToken, to) });
  return apiLogin(server, email);
}

async function upload(server: RunningServer, token: string, png: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
  return (await api<{ url: string }>(server, '/api/common/image_upload', form, token)).url;
}

/** A coin deposit of `number` USDT with a proof image, as the trader's app sends it. */
async function deposit(server: RunningServer, trader: Login, number: string): Promise<{ id: number }> {
  const channels = await api<{ id: number; currency_code: string }[]>(
    server,
    '/api/quickCharge/info',
    undefined,
    trader.token,
  );
  const channel = channels[0];
  assert.ok(channel, 'a coin channel is seeded');
  const proofImg = await upload(server, trader.token, makePng(360, 240, [22, 104, 220]));
  return api<{ id: number }>(
    server,
    '/api/quickCharge/submit',
    { number, proofImg, address: TRC20_ADDRESS, charge_id: channel.id },
    trader.token,
  );
}

const funds = (server: RunningServer, trader: Login) =>
  api<{ withdrawable: number; balance: number; lock_balance: number }>(
    server,
    '/api/account/withdrawable',
    undefined,
    trader.token,
  );

/** The trader's phone, logged in through the app's login page. */
async function traderPage(browser: Browser, server: RunningServer): Promise<Page> {
  const page = await phonePage(browser, { lang: 'en' });
  await logIn(page, server, TRADER_EMAIL);
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  // Let antd's motion (drawers, messages) settle before the picture.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
  await assertAccessible(page, name);
}

void describe('the back office at /admin', () => {
  let server: RunningServer;
  let browser: Browser;
  let trader: Login;
  let ops: { context: BrowserContext; page: Page; errors: string[] };
  /** The first operator once their first use is done: their own password and authenticator. */
  let admin: DeskOperator;
  /** An operator session of the test itself, for setting things up through the API. */
  let opsToken: string;

  before(async () => {
    server = await startServer(ADMIN);
    browser = await launchChromium();
    ops = await desk(browser);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  void it("the first operator's first login: a password of their own, then two-factor, before any menu", async () => {
    const { page } = ops;
    await page.goto(`${server.url}/admin/`);
    await page.waitForURL((u) => u.pathname === '/admin/login');
    await page.getByTestId('login-email').fill(ADMIN_EMAIL);
    await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/admin/setup');
    await page.getByTestId('first-use-password').waitFor();
    assert.equal(await page.getByTestId('admin-menu').count(), 0, 'no menu before the first use is done');
    await shoot(page, 'admin-first-use-password-en');

    // A screen's address leads back here; the API refuses the same session (code 2028).
    await page.goto(`${server.url}/admin/deposits`);
    await page.waitForURL((u) => u.pathname === '/admin/setup');
    await page.getByTestId('first-use-password').waitFor();
    const session = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('pipwise.admin.session')))!,
    ) as {
      token: string;
    };
    const refused = await call(server, '/api/admin/deposits/list?page=1', { token: session.token });
    assert.equal(refused.code, 2028);
    assert.equal(refused.msg, 'Please replace the password you were given before continuing');

    // The form checks the server's rule before sending.
    await page.getByTestId('password-old').fill(ADMIN_PASSWORD);
    await page.getByTestId('password-new').fill('short1');
    await page.getByTestId('password-confirm').fill('short1');
    await page.getByTestId('password-submit').click();
    await page
      .getByTestId('password-form')
      .locator('.ant-form-item-explain-error', {
        hasText: '10 to 64 characters with at least one letter and one digit',
      })
      .waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin/setup');
    await page.getByTestId('password-new').fill(OWN_PASSWORD);
    await page.getByTestId('password-confirm').fill(OWN_PASSWORD);
    await page.getByTestId('password-submit').click();

    // Straight on to two-factor: the QR code and the secret to type into the app.
    await page.getByTestId('first-use-totp').waitFor();
    await page.getByTestId('totp-qr').waitFor();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/[^A-Z2-7]/g, '');
    assert.match(secret, /^[A-Z2-7]{32}$/);
    await shoot(page, 'admin-first-use-totp-en');
    assert.equal(await page.getByTestId('admin-menu').count(), 0);
    await page.getByTestId('totp-code').fill(await totpCode(secret));
    await page.getByTestId('totp-enable').click();
    await page.getByTestId('first-use-done').waitFor();
    await shoot(page, 'admin-first-use-done-en');
    await page.getByTestId('first-use-continue').click();
    await page.getByTestId('admin-menu').waitFor();
    await page.getByTestId('menu-deposits').waitFor();
    admin = { email: ADMIN_EMAIL, password: OWN_PASSWORD, totpSecret: secret };

    // The given password opens nothing any more; the new one with a code does.
    const old = await call(server, '/api/admin/auth/login', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    assert.equal(old.msg, 'Incorrect account or password');
    opsToken = await deskToken(server, admin);
    trader = await realUser(server, opsToken, TRADER_EMAIL);
    assert.deepEqual(ops.errors, []);
  });

  void it('the first operator approves a deposit; the trader sees the balance and the log', async () => {
    const { id } = await deposit(server, trader, '250');
    const before = await funds(server, trader);

    await ops.page.goto(`${server.url}/admin/`);
    // The dashboard counts it among what waits.
    await ops.page.getByTestId('dash-pending-deposits').getByText('1', { exact: true }).waitFor();
    await ops.page.getByTestId('menu-deposits').click();
    await ops.page.getByTestId(`deposit-open-${id}`).click();
    const review = ops.page.getByTestId('deposit-review');
    // The proof is fetched with the operator's session into a blob: URL.
    await review
      .locator(
        '[data-testid="deposit-proof"] img[src^="blob:"], img[data-testid="deposit-proof"][src^="blob:"]',
      )
      .first()
      .waitFor();
    await review.getByTestId('deposit-approve').click();
    await ops.page.getByTestId('deposit-approve-confirm').click();
    await saved(ops.page);
    await review.waitFor({ state: 'detached' });

    const after = await funds(server, trader);
    assert.equal(after.balance - before.balance, 250, 'USDT at rate 1 credits 250 USD');

    // The trader's own screens: the balance on /user and the deposit row in the account log.
    const page = await traderPage(browser, server);
    await page.goto(`${server.url}/user`);
    await page.getByTestId('balance-value').filter({ hasText: '250.00' }).waitFor();
    await page.goto(`${server.url}/mine/history`);
    const row = page.locator('[data-testid="ledger-row"][data-type="deposit"]');
    await row.first().waitFor();
    assert.match(await row.first().getByTestId('ledger-value').innerText(), /\+?250\.00/);
    await page.context().close();

    // Approving it again (a second operator, a double click) credits nothing.
    const again = await call(server, '/api/admin/deposits/approve', { body: { id }, token: opsToken });
    assert.equal(again.code, 2000);
    assert.equal((await funds(server, trader)).balance, after.balance);
    assert.deepEqual(ops.errors, []);
  });

  void it('rejecting a withdrawal returns the held amount', async () => {
    const to = await bindUsdtAddress(server, trader.token);
    const before = await funds(server, trader);
    const { id } = await api<{ id: number }>(
      server,
      '/api/account/draw',
      { ...to, number: '100', memo: 'to my wallet' },
      trader.token,
    );
    const held = await funds(server, trader);
    assert.equal(held.lock_balance - before.lock_balance, 100);

    await ops.page.getByTestId('menu-withdrawals').click();
    await ops.page.getByTestId(`withdrawal-open-${id}`).click();
    const review = ops.page.getByTestId('withdrawal-review');
    await review.getByText(TRC20_ADDRESS).waitFor();
    await shoot(ops.page, 'admin-withdrawal-review-en');
    await review.getByTestId('withdrawal-reject').click();
    await ops.page.getByTestId('reason-input').fill('The address belongs to an exchange that refuses TRC20.');
    await ops.page.getByTestId('reason-ok').click();
    await saved(ops.page);

    const released = await funds(server, trader);
    assert.equal(released.lock_balance, before.lock_balance);
    assert.equal(released.withdrawable, before.withdrawable);

    // The user's drawer in the back office shows the same: nothing held any more.
    await ops.page.getByTestId('menu-users').click();
    await ops.page.getByTestId(`user-row-${trader.user.id}`).click();
    const drawer = ops.page.getByTestId('user-drawer');
    await drawer.getByTestId('user-held').filter({ hasText: '$0.00' }).waitFor();
    await drawer.getByTestId('user-balance').filter({ hasText: '$250.00' }).waitFor();
    await ops.page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    assert.deepEqual(ops.errors, []);
  });

  void it("a new spread shows in the trader's next quote on /trade", async () => {
    const page = await traderPage(browser, server);
    // BTC/USD: crypto trades at the weekend too.
    await page.goto(`${server.url}/trade?code=BTCUSD`);
    await page.locator('[data-testid="trade-page"][data-code="BTCUSD"]').waitFor();
    const spreadNow = async () => {
      const [bid, ask] = await Promise.all([
        page.getByTestId('trade-bid').innerText(),
        page.getByTestId('trade-ask').innerText(),
      ]);
      return Math.round((Number(ask.replace(/,/g, '')) - Number(bid.replace(/,/g, ''))) * 100) / 100;
    };
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="trade-bid"]')?.textContent?.replace(/,/g, '')) > 0,
    );
    const old = await spreadNow();

    await ops.page.getByTestId('menu-instruments').click();
    await ops.page.getByTestId('instrument-edit-BTCUSD').click();
    const spreadInput = ops.page.getByTestId('instrument-spread');
    const oldPoints = Number(await spreadInput.inputValue());
    // BTC/USD prices have 2 decimals: 4321 points are 43.21 USD.
    const points = oldPoints === 4321 ? 4567 : 4321;
    await spreadInput.fill(String(points));
    await ops.page.getByTestId('instrument-save').click();
    await saved(ops.page);
    await ops.page
      .getByTestId('spread-BTCUSD')
      .filter({ hasText: String(points) })
      .waitFor();

    const wanted = points / 100;
    const deadline = Date.now() + 15_000;
    let seen = old;
    while (Date.now() < deadline) {
      seen = await spreadNow();
      if (Math.abs(seen - wanted) < 0.015) break;
      await page.waitForTimeout(200);
    }
    assert.ok(Math.abs(seen - wanted) < 0.015, `spread on /trade ${seen}, wanted ${wanted} (was ${old})`);
    await page.context().close();
    assert.deepEqual(ops.errors, []);
  });

  void it("an instrument's overnight financing: set in its editor, refused beyond its bound, shown back", async () => {
    const { page } = ops;
    const settled = () => motionsOver(page);
    await page.goto(`${server.url}/admin/instruments`);
    await page.getByTestId('instrument-edit-EURUSD').click();
    await settled();
    const longRate = page.getByTestId('instrument-swap_long');
    const shortRate = page.getByTestId('instrument-swap_short');
    // The seeded terms of a currency pair: points, Wednesday's rollover counting three nights.
    assert.equal(await longRate.inputValue(), '-6.5');
    assert.equal(await shortRate.inputValue(), '1.2');
    const longItem = page.locator('.ant-form-item').filter({ has: longRate });
    /** Picks an option of a select by its text. */
    const choose = async (select: string, label: string) => {
      await page.getByTestId(select).click();
      await settled();
      await page.locator(`.ant-select-item-option[title="${label}"]`).click();
      await settled();
    };
    /** Picks a unit; the rates then read in it. */
    const chooseUnit = async (label: string, suffix: string) => {
      await choose('instrument-swap_unit', label);
      await longItem.locator('.ant-input-suffix', { hasText: suffix }).waitFor();
    };

    // 150 % a year is beyond the bound: the server's refusal shows under the rate.
    await chooseUnit('Percent a year of the notional', '% a year');
    await longRate.fill('-150');
    await page.getByTestId('instrument-save').click();
    await longItem.locator('.ant-form-item-explain-error', { hasText: 'at most 100' }).waitFor();

    // In points the same figure is allowed; the refusal goes with the unit it was about.
    await chooseUnit('Points per lot per night', 'points');
    await longItem.locator('.ant-form-item-explain-error').waitFor({ state: 'detached' });
    await longRate.fill('-7.25');
    await shortRate.fill('+1.35');
    await choose('instrument-swap_triple_day', 'Friday (most CFDs)');
    await page.getByTestId('instrument-save').click();
    await saved(page);
    const cell = page.getByTestId('swap-EURUSD');
    await cell.filter({ hasText: '-7.25 / 1.35' }).filter({ hasText: 'points · triple Fri' }).waitFor();
    await longRate.waitFor({ state: 'detached' });

    const listed = await api<
      { code: string; swap_long: string; swap_short: string; swap_unit: string; swap_triple_day: string }[]
    >(server, '/api/admin/instruments/list', undefined, opsToken);
    const eurusd = listed.find((i) => i.code === 'EURUSD');
    assert.deepEqual(
      eurusd && [eurusd.swap_long, eurusd.swap_short, eurusd.swap_unit, eurusd.swap_triple_day],
      ['-7.25', '1.35', 'points', 'friday'],
    );

    // Opened again, the editor starts from what was saved; Wednesday back, as for currencies.
    await page.getByTestId('instrument-edit-EURUSD').click();
    await settled();
    assert.equal(await longRate.inputValue(), '-7.25');
    assert.equal(await shortRate.inputValue(), '1.35');
    await choose('instrument-swap_triple_day', 'Wednesday (currencies, metals)');
    await page.getByTestId('instrument-save').click();
    await saved(page);
    await cell.filter({ hasText: 'points · triple Wed' }).waitFor();
    assert.deepEqual(ops.errors, []);

    const session = await deskSession(page);
    // The list's column, scrolled to: the rates read left to right, long first either way.
    for (const lang of ['en', 'ar']) {
      const shot = await desk(browser, lang);
      await shot.context.addInitScript(
        (s) => window.localStorage.setItem('pipwise.admin.session', s),
        session,
      );
      await shot.page.goto(`${server.url}/admin/instruments`);
      await shot.page.getByTestId('swap-EURUSD').scrollIntoViewIfNeeded();
      await shoot(shot.page, `admin-instruments-swap-${lang}`);
      assert.deepEqual(shot.errors, []);
      await shot.context.close();
    }

    await photographDesk(browser, {
      session,
      name: 'instrument-swap',
      alsoTo: '',
      show: async (shot) => {
        await shot.goto(`${server.url}/admin/instruments`);
        // The first category only (the majors): a page no taller than the screen, so the
        // picture is the editor over it rather than the whole list below a cut-off editor.
        await shot.getByTestId('instrument-category-filter').click();
        await shot.locator('.ant-select-item-option').first().click();
        await shot.getByTestId('instrument-edit-XAUUSD').waitFor({ state: 'detached' });
        await shot.getByTestId('instrument-edit-EURUSD').click();
        await shot.getByTestId('instrument-swap_long').waitFor();
        // The editor scrolled to its end, the financing terms and Save, once its opening motion
        // is over (scrolled during it, the dialog could end up back at its top).
        await motionsOver(shot);
        await shot.getByTestId('instrument-save').evaluate((save) => save.scrollIntoView({ block: 'end' }));
        await shot.waitForFunction(() => {
          const wrap = document.querySelector('.ant-modal-wrap');
          const save = document.querySelector('[data-testid="instrument-save"]');
          if (!wrap || !save || wrap.scrollTop === 0) return false;
          // Within a pixel: the button's edge may fall between two.
          return save.getBoundingClientRect().bottom <= wrap.getBoundingClientRect().bottom + 1;
        });
      },
    });
  });

  void it('a trading group: created, given a condition on a category, a trader moved into it', async () => {
    const { page } = ops;
    const settled = () => motionsOver(page);
    /** Picks an option of a select by its text. */
    const choose = async (select: string, label: string) => {
      await page.getByTestId(select).click();
      await settled();
      await page.locator(`.ant-select-item-option[title="${label}"]`).click();
      await settled();
    };
    await page.goto(`${server.url}/admin/groups`);
    await page.getByTestId('group-new').click();
    await settled();
    await page.getByTestId('group-name').fill('Raw ECN');
    await choose('group-commission_type', 'USD per lot');
    await page.getByTestId('group-commission_rate').fill('3.5');
    await page.getByTestId('group-margin_call_level').fill('100');
    await page.getByTestId('group-save').click();
    // One level without the other is refused under the field, before anything is sent.
    await page
      .locator('.ant-form-item-explain-error', { hasText: 'Set both levels, or leave both empty' })
      .waitFor();
    await page.getByTestId('group-stop_out_level').fill('50');
    await page.getByTestId('group-save').click();
    await saved(page);
    await page
      .getByTestId('group-row-Raw ECN')
      .filter({ hasText: '$3.5 per lot per side' })
      .filter({ hasText: '100% / 50%' })
      .waitFor();

    // Its conditions: the first category at most 1:30.
    await page.getByTestId('group-open-Raw ECN').click();
    await page.getByTestId('condition-new').click();
    await settled();
    await page.getByTestId('condition-category').click();
    await settled();
    await page.locator('.ant-select-item-option').first().click();
    await settled();
    await page.getByTestId('condition-leverages').fill('1, 10, 30');
    // And 5 points of markup on top of each instrument's (docs/trading-groups.md "Markup").
    await page.getByTestId('condition-markup_points').fill('5');
    await shoot(page, 'admin-group-condition-en');
    await page.getByTestId('condition-save').click();
    await saved(page);
    await page
      .locator('[data-testid^="condition-row-"]')
      .filter({ hasText: '1, 10, 30' })
      .filter({ hasText: '5' })
      .waitFor();
    await shoot(page, 'admin-group-conditions-en');

    const groups = await api<{ id: number; name: string; commission_rate: string; stop_out_level: string }[]>(
      server,
      '/api/admin/groups/list',
      undefined,
      opsToken,
    );
    const raw = groups.find((g) => g.name === 'Raw ECN');
    assert.ok(raw, 'the group is saved');
    assert.deepEqual([raw.commission_rate, raw.stop_out_level], ['3.5', '50']);
    const conditions = await api<
      { category_id: number | null; leverages: number[] | null; markup_points: number | null }[]
    >(server, `/api/admin/groups/conditions?group_id=${raw.id}`, undefined, opsToken);
    assert.deepEqual(
      conditions.map((c) => [c.leverages, c.markup_points]),
      [[[1, 10, 30], 5]],
    );

    // The trader's page names the group their account is in and moves it, with a reason.
    await page.goto(`${server.url}/admin/users?id=${trader.user.id}`);
    await page.getByTestId('user-group').waitFor();
    await page.getByTestId('move-group').click();
    await settled();
    await choose('move-group-select', 'Raw ECN');
    await page.getByTestId('move-group-reason').fill('Qualified for raw pricing');
    await page.getByTestId('move-group-ok').click();
    await saved(page);
    await page.getByTestId('user-group').filter({ hasText: 'Raw ECN' }).waitFor();
    const moved = await api<{ data: { id: number; group_id: number | null }[] }>(
      server,
      `/api/admin/users/list?q=${encodeURIComponent(TRADER_EMAIL)}&page=1`,
      undefined,
      opsToken,
    );
    assert.equal(moved.data.find((u) => u.id === trader.user.id)?.group_id, raw.id);
    assert.deepEqual(ops.errors, []);
  });

  void it('a content operator sees only their menu and "not allowed" elsewhere', async () => {
    await api(
      server,
      '/api/admin/operators/create',
      { email: 'writer@example.com', name: 'Writer', role: 'content', password: 'Writer2026xx' },
      opsToken,
    );
    // An operator an admin created replaces that password and turns on two-factor first.
    const content = await firstUseByApi(server, 'writer@example.com', 'Writer2026xx', 'Writer-own-2026');
    const writer = await desk(browser);
    await deskLogIn(writer.page, server, content);
    const menu = writer.page.getByTestId('admin-menu');
    await menu.getByTestId('menu-news').waitFor();
    for (const hidden of [
      'deposits',
      'withdrawals',
      'users',
      'instruments',
      'settings',
      'operators',
      'audit',
    ]) {
      assert.equal(await menu.getByTestId(`menu-${hidden}`).count(), 0, `${hidden} is hidden from content`);
    }
    await writer.page.goto(`${server.url}/admin/deposits`);
    await writer.page.getByTestId('forbidden').waitFor();
    await shoot(writer.page, 'admin-forbidden-en');
    await writer.context.close();
    assert.deepEqual(writer.errors, []);
  });

  void it('every screen, in English and in Arabic (right to left)', async () => {
    // Something to review on each queue: a deposit, an identity, a feedback with a screenshot.
    const second = await realUser(server, opsToken, 'admin-shots@example.com');
    await deposit(server, second, '1200');
    const front = await upload(server, second.token, makePng(420, 260, [0, 150, 110]));
    const back = await upload(server, second.token, makePng(420, 260, [200, 90, 20]));
    await api(
      server,
      '/api/user_real/real_name',
      { name: 'Amira Haddad', card_id: 'P1234567', front_pic: front, reverse_pic: back },
      second.token,
    );
    const shot = await upload(server, second.token, makePng(300, 520, [120, 60, 200]));
    await api(
      server,
      '/api/feedback/submit',
      {
        topic: 2,
        message: 'The chart on the trade page did not load on my phone this morning.',
        screenshot: shot,
      },
      second.token,
    );

    const phone = await desk(browser, 'en', { width: 390, height: 844 });
    await phone.page.goto(`${server.url}/admin/login`);
    await phone.page.getByTestId('login-card').waitFor();
    await shoot(phone.page, 'admin-login-en-390');
    await phone.context.close();

    for (const lang of ['en', 'ar']) {
      const { context, page, errors } = await desk(browser, lang);
      await page.goto(`${server.url}/admin/login`);
      await page.getByTestId('login-card').waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dir), lang === 'ar' ? 'rtl' : 'ltr');
      await shoot(page, `admin-login-${lang}`);
      await deskLogIn(page, server, admin);

      const screens = [
        '',
        'users',
        'identity',
        'feedback',
        'deposits',
        'withdrawals',
        'instruments',
        'categories',
        'groups',
        'groups?tab=caps',
        'news',
        'announcement',
        'traders',
        'channels',
        'currencies',
        'settings',
        'outbox',
        'operators',
        'audit',
        'account',
      ];
      for (const screen of screens) {
        await page.goto(`${server.url}/admin/${screen}`);
        await page.locator('.ant-layout-content h3').first().waitFor();
        await page.waitForLoadState('networkidle');
        await shoot(page, `admin-${screen.replace('?tab=', '-') || 'dashboard'}-${lang}`);
      }

      // The detail views: a user, a deposit with its proof, an identity with both photos,
      // the news editor with its preview.
      await page.goto(`${server.url}/admin/users?id=${second.user.id}`);
      await page.getByTestId('user-account').waitFor();
      await shoot(page, `admin-user-detail-${lang}`);
      await page.goto(`${server.url}/admin/deposits`);
      await page.locator('[data-testid^="deposit-open-"]').first().click();
      await page.locator('[data-testid="deposit-review"] img[src^="blob:"]').first().waitFor();
      await shoot(page, `admin-deposit-review-${lang}`);
      await page.goto(`${server.url}/admin/identity`);
      await page.locator('[data-testid^="identity-open-"]').first().click();
      await page.locator('[data-testid="identity-review"] img[src^="blob:"]').nth(1).waitFor();
      await shoot(page, `admin-identity-review-${lang}`);
      await page.goto(`${server.url}/admin/news?edit=new`);
      await page.getByTestId('news-title').fill('Markets this week: gold up, the dollar eases');
      await page
        .getByTestId('news-content')
        .fill(
          '<h2>Markets this week</h2><p>Gold rose <strong>2%</strong> while the dollar eased.</p><img src=x onerror="document.title=1"><script>document.title=2</script><ul><li>EUR/USD 1.09</li><li>BTC/USD 68,000</li></ul>',
        );
      await page.getByTestId('news-content-preview').locator('h2').waitFor();
      assert.equal(await page.getByTestId('news-content-preview').locator('script, [onerror]').count(), 0);
      await page.waitForTimeout(300);
      // Nothing of the hostile HTML ran (it would have changed the title).
      assert.equal(await page.title(), 'Pipwise back office');
      await shoot(page, `admin-news-editor-${lang}`);
      await context.close();
      // DOMPurify parses the hostile HTML in an inert document, where Chromium still reports
      // the `onerror` it refuses under the CSP (script-src-attr 'none'): the refusal is fine.
      const unexpected = errors.filter(
        (e) => !e.includes("Content Security Policy directive 'script-src-attr 'none''"),
      );
      assert.deepEqual(unexpected, [], `${lang}: ${unexpected.join('\n')}`);
    }
  });
});
