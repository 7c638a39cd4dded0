import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium, phonePage, screenshot, startServer, type RunningServer } from './harness.js';
import {
  fillLogin,
  letAMinutePass,
  Mailbox,
  PASSWORD,
  pathOf,
  registerByApi,
  storage,
  waitUntil,
} from './helpers.js';

/**
 * Accounts and access, as a trader goes through them: register with the e-mailed code,
 * log in, the mine page with its balance hidden and shown, the language page, a new
 * password with a code, log out, the old password refused and the forgotten one reset;
 * the demo account; and the way back to a login-only page after login. Verification
 * e-mails travel through a real SMTP server run by the test.
 */

void describe('accounts and access at a phone viewport', () => {
  let server: RunningServer;
  let browser: Browser;
  const mailbox = new Mailbox();

  before(async () => {
    const smtpUrl = await mailbox.start();
    server = await startServer({ SMTP_URL: smtpUrl, SMTP_FROM: 'Pipwise <no-reply@pipwise.test>' });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox.stop();
  });

  void it('registers with the e-mailed code, hides the balance, changes the password, logs out and resets it', async () => {
    const page = await phonePage(browser, { lang: 'en' });
    const sent: string[] = [];
    page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(String(f.payload))));
    const email = 'journey@example.com';

    await page.goto(`${server.url}/register`);
    await page.getByTestId('register-form').waitFor();
    // Empty form: the first missing field is named (docs/product.md §5).
    await page.getByTestId('register-submit').click();
    await page.getByTestId('field-error').getByText('Please enter your e-mail').waitFor();

    await page.getByTestId('register-account').fill(email);
    await page.getByTestId('send-code').click();
    const code = await mailbox.code(email);
    // The code button counts down and stays disabled (docs/product.md §4).
    await page.waitForFunction(() => {
      const button = document.querySelector<HTMLButtonElement>('[data-testid="send-code"]');
      return button?.disabled === true && Number(button.dataset.remaining) > 50;
    });

    await page.getByTestId('register-code').fill(code);
    // The default area follows the language: English starts on Hong Kong (+852).
    assert.equal((await page.getByTestId('area-picker').innerText()).trim(), '+852');
    await page.getByTestId('register-phone').fill('91234567');
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-repeat').fill(`${PASSWORD}x`);
    await page.getByTestId('register-submit').click();
    await page.getByTestId('field-error').getByText('The two passwords do not match').waitFor();
    await page.getByTestId('register-repeat').fill(PASSWORD);
    await screenshot(page, 'access-register-en');
    await page.getByTestId('register-submit').click();

    // Registration leads to login, with the new e-mail filled in.
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(await page.getByTestId('login-account').inputValue(), email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('home-page').waitFor();
    assert.equal(pathOf(page), '/');
    assert.ok(await storage(page, 'pipwise.token'));
    assert.equal(JSON.parse((await storage(page, 'pipwise.user')) ?? '{}').email, email);
    await waitUntil(() => sent.some((f) => f.includes('"type":"login"')), 'socket login');

    // The mine page, from home: a new account holds 0.00; the eye hides every amount,
    // on this device until it is tapped again (docs/product.md §2).
    await page.getByTestId('home-mine').click();
    await page.waitForURL((u) => u.pathname === '/user');
    const balance = page.getByTestId('balance-value');
    await balance.filter({ hasText: /^0\.00$/ }).waitFor();
    await page.getByTestId('balance-eye').click();
    await balance.filter({ hasText: '******' }).waitFor();
    assert.equal(await page.getByTestId('balance-eye').getAttribute('aria-pressed'), 'true');
    assert.doesNotMatch(await page.getByTestId('balance-card').innerText(), /\d\.\d{2}/, 'no amount shows');
    await page.reload();
    await balance.filter({ hasText: '******' }).waitFor();
    await page.getByTestId('balance-eye').click();
    await balance.filter({ hasText: /^0\.00$/ }).waitFor();

    // The language page from the mine page: French, then back to English.
    await page.locator('[data-testid="mine-link"][data-route="/language"]').click();
    await page.waitForURL((u) => u.pathname === '/language');
    await page.locator('[data-testid="language-option"][data-lang="fr"]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    await page.getByTestId('language-page').getByText('Langue').first().waitFor();
    await page.locator('[data-testid="language-option"][data-lang="en"]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.getByTestId('nav-back').click();
    await page.waitForURL((u) => u.pathname === '/user');

    // A new password, proven by a code mailed to the account's own address.
    const changed = 'Changed2026x';
    await page.locator('[data-testid="mine-link"][data-route="/mine/password"]').click();
    await page.getByTestId('password-form').waitFor();
    await page.getByTestId('code-target').getByText(email).waitFor();
    await letAMinutePass(server, email);
    const mailed = mailbox.count(email);
    await page.getByTestId('send-code').click();
    await page.getByTestId('amend-code').fill(await mailbox.code(email, mailed));
    await page.getByTestId('amend-password').fill(changed);
    await page.getByTestId('amend-repeat').fill(changed);
    await screenshot(page, 'access-password-en');
    await page.getByTestId('amend-submit').click();
    await page.waitForURL((u) => u.pathname === '/user');

    // Settings → logout → confirm: home, session gone, socket logged out.
    await page.goto(`${server.url}/mine/system`);
    await page.getByTestId('system-account').getByText(email).waitFor();
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-confirm').waitFor();
    await screenshot(page, 'access-logout-confirm-en');
    await page.getByTestId('logout-confirm').click();
    await page.getByTestId('home-page').waitFor();
    await page.getByText('Logged out').waitFor();
    assert.equal(pathOf(page), '/');
    assert.equal(await storage(page, 'pipwise.token'), null);
    await waitUntil(() => sent.some((f) => f.includes('"type":"logout"')), 'socket logout');

    // The server forgot the session too: a login-only page asks for login again.
    await page.goto(`${server.url}/mine/system`);
    await page.waitForURL((url) => url.pathname === '/login');

    // The old password no longer opens the account.
    await fillLogin(page, email, PASSWORD);
    await page.locator('.adm-toast-main-text').getByText('Incorrect account or password').waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');

    // Forgotten: reset it with a mailed code, and log in with the new one — back on the
    // page the guard had sent the trader from (`from` travels through /forgot).
    const reset = 'Reset2026xy';
    await page.getByTestId('to-forgot').click();
    await page.waitForURL((u) => u.pathname === '/forgot');
    await page.getByTestId('forgot-account').fill(email);
    await letAMinutePass(server, email);
    const before = mailbox.count(email);
    await page.getByTestId('send-code').click();
    await page.getByTestId('forgot-code').fill(await mailbox.code(email, before));
    await page.getByTestId('forgot-password').fill(reset);
    await page.getByTestId('forgot-repeat').fill(reset);
    await page.getByTestId('forgot-submit').click();
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal(await page.getByTestId('login-account').inputValue(), email);
    await page.getByTestId('login-password').fill(reset);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/mine/system');
    await page.getByTestId('system-account').getByText(email).waitFor();
    assert.ok(await storage(page, 'pipwise.token'));
    await screenshot(page, 'access-after-reset-en');
    await page.context().close();
  });

  void it('logs into a demo account from the login page, and the device gets the same one back', async () => {
    const page = await phonePage(browser, { lang: 'en' });
    await page.goto(`${server.url}/login`);
    await page.getByTestId('demo-login').click();
    await page.getByTestId('home-page').waitFor();
    const demoId = await storage(page, 'pipwise.demo_id');
    assert.ok(demoId);
    const first = JSON.parse((await storage(page, 'pipwise.user')) ?? '{}') as {
      uid: string;
      is_demo: number;
    };
    assert.equal(first.is_demo, 1);

    // Logged in: a login-only page opens, and says demo users cannot change a password.
    await page.goto(`${server.url}/mine/password`);
    await page
      .getByTestId('password-demo')
      .getByText('Please register or log in to a real account')
      .waitFor();
    assert.equal(pathOf(page), '/mine/password');

    // The same phone, session gone: the demo button brings back the same demo account.
    await page.evaluate(() => {
      localStorage.removeItem('pipwise.token');
      localStorage.removeItem('pipwise.user');
    });
    await page.goto(`${server.url}/login`);
    await page.getByTestId('demo-login').click();
    await page.getByTestId('home-page').waitFor();
    const again = JSON.parse((await storage(page, 'pipwise.user')) ?? '{}') as { uid: string };
    assert.equal(again.uid, first.uid);
    assert.equal(await storage(page, 'pipwise.demo_id'), demoId);
    await page.context().close();
  });

  void it('sends a guest from a login-only page to /login?from=… and back there after login', async () => {
    const email = 'guarded@example.com';
    await registerByApi(server, email, { codeOf: (to) => mailbox.code(to), mobile: '61234567' });
    const page = await phonePage(browser, { lang: 'en' });

    await page.goto(`${server.url}/mine/email?tab=1`);
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('from'), '/mine/email?tab=1');

    // Empty fields first (docs/product.md §5), then a real login.
    await page.getByTestId('login-submit').click();
    await page.getByTestId('field-error').getByText('Please enter your e-mail').waitFor();
    await page.getByTestId('login-account').fill(email);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('field-error').getByText('Please enter your password').waitFor();
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();

    await page.waitForURL((url) => url.pathname === '/mine/email');
    assert.equal(pathOf(page), '/mine/email?tab=1');
    await page.getByTestId('bound-email').getByText(email).waitFor();
    // /mine, as people type it, is the mine page (/user).
    await page.goto(`${server.url}/mine`);
    await page.waitForURL((url) => url.pathname === '/user');
    await page.getByTestId('user-page').waitFor();
    await page.goto(`${server.url}/mine/email?tab=1`);
    await page.getByTestId('bound-email').getByText(email).waitFor();
    await screenshot(page, 'access-email-en');
    await page.context().close();
  });
});
