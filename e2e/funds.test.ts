import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, phonePage, screenshot, startServer, type RunningServer } from './harness.js';

/**
 * Funds, identity and invites as a real trader goes through them at a phone viewport: a
 * withdrawal without a bound account asks for one and leads to the form, a TRC20 address
 * is bound, a coin deposit goes in with a proof image picked through the file input and
 * shows up pending; the invite link, in its path and its hash form, opens register with
 * the code filled in; a demo user is told to use a real account. Codes are read from the
 * server log (no SMTP_URL: e-mails are logged).
 */

const PASSWORD = 'Pipwise2026';
/** A valid TRON address (base58check with the 0x41 prefix). */
const TRC20_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

interface Login {
  token: string;
  user: { id: number; email?: string; invite_code?: string; is_demo: number };
}

/**
 * The 6-digit code of the latest e-mail to `to` in the server log (without SMTP_URL the
 * server logs each e-mail instead of sending it; the code may sit in `msg` or `text`).
 */
async function mailedCode(server: RunningServer, to: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const texts = server
      .output()
      .split('\n')
      .filter((line) => line.includes(to) && line.startsWith('{'))
      .map((line) => {
        const entry = JSON.parse(line) as { msg?: string; text?: string };
        return `${entry.msg ?? ''} ${entry.text ?? ''}`.replaceAll(to, '');
      });
    const code = texts
      .reverse()
      .map((text) => /\b(\d{6})\b/.exec(text)?.[1])
      .find(Boolean);
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code logged for ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function api<T>(server: RunningServer, path: string, body?: object, token?: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      lang: 'en',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: token } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  assert.equal(json.code, 1, `${path}: ${json.msg}`);
  return json.data;
}

/** A real user made through the API (the e-mailed code read from the log), logged in. */
async function realUser(server: RunningServer, email: string): Promise<Login> {
  await api(server, '/api/notify/send_email', { to: email, type: 1 });
  const code = await mailedCode(server, email);
  await api(server, '/api/user/register', {
    type: 1,
    account: email,
    sms_code: code,
    password: PASSWORD,
    re_password: PASSWORD,
  });
  return api<Login>(server, '/api/user/loginForU', { account: email, password: PASSWORD, login_type: 1 });
}

/** A phone page logged in as `login`: the session is what lib/session.ts keeps. */
async function loggedInPage(browser: Browser, login: Login): Promise<Page> {
  const page = await phonePage(browser, { lang: 'en' });
  await page.context().addInitScript((s) => {
    window.localStorage.setItem('pipwise.token', s.token);
    window.localStorage.setItem('pipwise.user', JSON.stringify(s.user));
  }, login);
  return page;
}

/** A small real PNG (24×16, a two-colour pattern), made here so no file is checked in. */
function makePng(width = 24, height = 16): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * (width * 3 + 1) + 1 + x * 3;
      const on = (x >> 2) % 2 === (y >> 2) % 2;
      rows[i] = on ? 61 : 240;
      rows[i + 1] = on ? 139 : 240;
      rows[i + 2] = on ? 253 : 240;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

void describe('funds, identity and invites at a phone viewport', () => {
  let server: RunningServer;
  let browser: Browser;
  let trader: Login;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    trader = await realUser(server, 'funds-journey@example.com');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  void it('withdrawing without a bound account asks for one, and binding a TRC20 address leads back', async () => {
    const page = await loggedInPage(browser, trader);
    // From the mine page, as a trader gets there.
    await page.goto(`${server.url}/user`);
    await page.locator('[data-testid="mine-link"][data-route="/mine/withdraw"]').click();
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
    await page.waitForTimeout(400); // let the dialog finish appearing for the screenshot
    await screenshot(page, 'funds-no-method-dialog-en');
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
    await screenshot(page, 'funds-bind-trc20-en');
    await page.getByTestId('bind-submit').click();

    // Back on the withdraw form, the new address is the account to pay to.
    await page.waitForURL((url) => url.pathname === '/mine/withdraw');
    const method = page.getByTestId('withdraw-method');
    await method.waitFor();
    assert.match(await method.innerText(), /TRC20/);
    assert.equal(await method.getAttribute('aria-checked'), 'true');

    // And it is listed with the coin addresses.
    await page.goto(`${server.url}/mine/coin-address-list`);
    await page.getByTestId('method-address').getByText(TRC20_ADDRESS).waitFor();
    await page.context().close();
  });

  void it('deposits coins with a proof image and sees the deposit pending in the history', async () => {
    const page = await loggedInPage(browser, trader);
    await page.goto(`${server.url}/mine/charge`);
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
      buffer: makePng(),
    });
    await page.locator('[data-testid="coin-deposit-proof"][data-state="done"]').waitFor();
    await page.getByTestId('coin-deposit-sender').fill('TXsenderAddressOrTxId0001');
    await screenshot(page, 'funds-coin-deposit-en');
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
    assert.equal(await page.getByTestId('coin-deposit-sender').inputValue(), '');

    // The proof is private: shown through the session, not by URL.
    await row.getByRole('button', { name: 'View proof' }).click();
    await page.locator('[data-testid="charge-proof"][data-status="ready"]').waitFor();
    await screenshot(page, 'funds-charge-history-en');
    await page.context().close();
  });

  void it('opens register with the invite code filled, from the link and from its hash form', async () => {
    const page = await loggedInPage(browser, trader);
    await page.goto(`${server.url}/mine/invite`);
    const code = (await page.getByTestId('invite-code').innerText()).trim();
    assert.ok(code.length >= 4);
    const link = (await page.getByTestId('invite-link').innerText()).trim();
    assert.equal(link, `${server.url}/register?invite_code=${code}`);
    assert.equal(await page.getByTestId('invite-qr').locator('svg').count(), 1);
    await page.context().close();

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
    const email = 'invited-friend@example.com';
    await friend.goto(`${server.url}/#/register?invite_code=${code}`);
    await friend.getByTestId('register-account').fill(email);
    await friend.getByTestId('send-code').click();
    await friend.getByTestId('register-code').fill(await mailedCode(server, email));
    await friend.getByTestId('register-password').fill(PASSWORD);
    await friend.getByTestId('register-repeat').fill(PASSWORD);
    await friend.getByTestId('register-submit').click();
    await friend.waitForURL((url) => url.pathname === '/login');
    await friend.context().close();

    const again = await loggedInPage(browser, trader);
    await again.goto(`${server.url}/mine/invite`);
    await again.getByTestId('invited-count').getByText('1', { exact: true }).waitFor();
    await screenshot(again, 'funds-invite-en');
    await again.context().close();
  });

  void it('tells a demo user to use a real account instead of the money screens', async () => {
    const res = await fetch(`${server.url}/api/user/createAccountDemoForU`);
    const demo = ((await res.json()) as { data: Login }).data;
    const page = await loggedInPage(browser, demo);
    await page.goto(`${server.url}/user`);
    await page.locator('[data-testid="mine-link"][data-route="/mine/charge"]').click();
    await page.getByText('Please register or log in to a real account').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/user');
    for (const path of ['/mine/charge', '/mine/withdraw', '/mine/wallet', '/mine/auth', '/mine/invite']) {
      await page.goto(`${server.url}${path}`);
      await page
        .getByTestId('real-account-only')
        .getByText('Please register or log in to a real account')
        .waitFor();
    }
    await page.context().close();
  });
});
