import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { phonePage, screenshot, serverAndBrowser, type RunningServer } from './harness.js';
import {
  ADMIN,
  adjustBalance,
  apiLogin,
  bindUsdtAddress,
  deskToken,
  firstUseByApi,
  letStepUpLapse,
  logIn,
  motionsOver,
  pathOf,
  registerByApi,
  storage,
} from './helpers.js';

/**
 * Passkeys at a phone viewport (docs/passkeys.md), with Chromium's virtual authenticator
 * standing in for the phone's fingerprint: a real-account trader logs in with the password,
 * adds a passkey on the Me page, signs out, and signs in again with the passkey alone — then
 * withdraws from a session signed in more than five minutes ago, confirming it is them with
 * the passkey, finds it "last used" and removes it — in English, Traditional Chinese and Arabic.
 */
void describe('passkeys', () => {
  const journey = serverAndBrowser(ADMIN);

  void it('added after a password login, signed in with, confirming a withdrawal, listed and removed — in three languages', async () => {
    const { server, browser } = journey as { server: RunningServer; browser: Browser };
    // WebAuthn needs a domain: the same server, named localhost instead of 127.0.0.1.
    const site = server.url.replace('127.0.0.1', 'localhost');
    const operator = await firstUseByApi(
      server,
      ADMIN.ADMIN_EMAIL,
      ADMIN.ADMIN_PASSWORD,
      'Passkey-ops-2026x',
    );
    const opsToken = await deskToken(server, operator);
    for (const lang of ['en', 'hk', 'ar']) {
      const page = await phonePage(browser, { lang });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });

      const email = `passkey-${lang}-${Date.now()}@example.com`;
      await registerByApi(server, email);
      await logIn(page, { ...server, url: site }, email);

      // Me → Passkeys: none yet; one added from this device under the name typed.
      await page.goto(`${site}/user`);
      await page.locator('[data-testid="mine-link"][data-route="/mine/passkeys"]').click();
      await page.getByTestId('passkeys-empty').waitFor();
      await page.getByTestId('passkey-name-input').locator('input').fill(`Phone ${lang}`);
      await page.getByTestId('passkey-add').click();
      await page.getByTestId('passkey-name').getByText(`Phone ${lang}`).waitFor();
      const notUsedYet = await page.getByTestId('passkey-used').textContent();
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      assert.equal(credentials.length, 1, `${lang}: the device holds one passkey`);
      assert.equal(credentials[0]!.isResidentCredential, true, `${lang}: discoverable`);
      await screenshot(page, `passkeys-list-${lang}`);

      // Signed out, the login page offers the passkey; no account typed, straight in.
      await page.goto(`${site}/mine/system`);
      await page.getByTestId('logout').click();
      await page.getByTestId('logout-confirm').click();
      await page.getByTestId('home-page').waitFor();
      assert.equal(await storage(page, 'pipwise.token'), null);
      await page.goto(`${site}/login`);
      await page.getByTestId('passkey-sign-in').waitFor();
      await screenshot(page, `passkeys-login-${lang}`);
      await page.getByTestId('passkey-sign-in').click();
      await page.waitForURL((u) => u.pathname === '/');
      const token = await storage(page, 'pipwise.token');
      assert.ok(token, `${lang}: signed in with the passkey`);

      // A withdrawal from a session whose sign-in is more than five minutes old: the app asks
      // the trader to confirm it is them, and the passkey does (docs/passkeys.md).
      const { user } = await apiLogin(server, email);
      await adjustBalance(server, opsToken, { userId: user.id, amount: '100', reason: 'Passkey journey' });
      await bindUsdtAddress(server, token);
      await letStepUpLapse(server, token);
      await page.goto(`${site}/mine/withdraw`);
      await page.getByTestId('withdraw-method').waitFor();
      await page.getByTestId('withdraw-amount').fill('25');
      await page.getByTestId('withdraw-submit').click();
      await page.getByTestId('withdraw-confirm-ok').click();
      await page.getByTestId('step-up-passkey').waitFor();
      await motionsOver(page);
      await screenshot(page, `passkeys-step-up-${lang}`);
      await page.getByTestId('step-up-passkey').click();
      await page.locator('[data-testid="withdraw-board"][data-tab="records"]').waitFor();
      await page.locator('[data-testid="withdraw-row"][data-status="0"]').first().waitFor();
      await page.getByTestId('step-up-sheet').waitFor({ state: 'detached' });

      // The list says it was just used; removed, it is gone from the list and the server.
      await page.goto(`${site}/mine/passkeys`);
      await page
        .getByTestId('passkey-used')
        .filter({ hasNotText: notUsedYet ?? '' })
        .waitFor();
      await page.getByTestId('passkey-remove').click();
      await page.locator('.adm-dialog-footer button').last().click();
      await page.getByTestId('passkeys-empty').waitFor();
      assert.equal(pathOf(page), '/mine/passkeys');
      assert.deepEqual(errors, [], `${lang}: no page errors`);
      await page.context().close();
    }
  });
});
