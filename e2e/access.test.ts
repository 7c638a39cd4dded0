import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { launchBrowser, phonePage, screenshot, startServer, type RunningServer } from './harness.js';

/**
 * Accounts and access, as a trader goes through them: register with the e-mailed code,
 * log in and out; the demo account; and the way back to a login-only page after login.
 * Verification e-mails travel through a real SMTP server run by the test.
 */

/** Every message the test's SMTP server received, by recipient. */
class Mailbox {
  private readonly messages: { to: string; data: string }[] = [];
  private readonly smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, session, callback) => {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
        callback();
      });
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.smtp.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.smtp.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.smtp.close(() => resolve()));
  }

  /** The 6-digit code of the latest mail to `to`, waiting for it to arrive. */
  async code(to: string, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = this.messages.filter((m) => m.to === to).at(-1);
      // Headers (dates, message ids) may hold digits too: read the body only.
      const body = mail?.data
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n');
      const code = body ? /\b(\d{6})\b/.exec(body)?.[1] : undefined;
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`no code mailed to ${to}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const PASSWORD = 'Pipwise2026';
const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

void describe('accounts and access at a phone viewport', () => {
  let server: RunningServer;
  let browser: Browser;
  const mailbox = new Mailbox();

  before(async () => {
    const smtpUrl = await mailbox.start();
    server = await startServer({ SMTP_URL: smtpUrl, SMTP_FROM: 'Pipwise <no-reply@pipwise.test>' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox.stop();
  });

  /** A real user made through the API, with the code from the mailbox. */
  async function registerByApi(email: string, mobile: string): Promise<void> {
    const post = async (path: string, body: object) => {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', lang: 'en' },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { code: number; msg: string };
      assert.equal(json.code, 1, json.msg);
    };
    await post('/api/notify/send_email', { to: email, type: 1 });
    const code = await mailbox.code(email);
    await post('/api/user/register', {
      type: 1,
      account: email,
      sms_code: code,
      password: PASSWORD,
      re_password: PASSWORD,
      area_id: 344, // Hong Kong, +852
      mobile,
    });
  }

  void it('registers with the e-mailed code, logs in, and logs out', async () => {
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
    await waitFor(() => sent.some((f) => f.includes('"type":"login"')), 'socket login');

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
    await waitFor(() => sent.some((f) => f.includes('"type":"logout"')), 'socket logout');

    // The server forgot the session too: a login-only page asks for login again.
    await page.goto(`${server.url}/mine/system`);
    await page.waitForURL((url) => url.pathname === '/login');
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
    await registerByApi(email, '61234567');
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
    await screenshot(page, 'access-email-en');
    await page.context().close();
  });
});

async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
