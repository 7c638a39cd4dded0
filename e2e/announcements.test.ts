import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { phonePage, screenshot, serverAndBrowser } from './harness.js';
import { ADMIN, desk, deskLogIn, firstUseByApi, pathOf, startDemo } from './helpers.js';

/**
 * The announcement in every trader's inbox (docs/notifications.md "Announcements"): three
 * demo traders (en, hk, ar) have the app open; an operator sends the announcement from the
 * back office, confirming in the popup; each trader's inbox gets one "New announcement" live
 * (the unread badge), in their language, and tapping it opens the announcement page. A
 * second send of the same version is refused.
 */
void describe('announcements in the inbox', () => {
  const journey = serverAndBrowser(ADMIN);

  void it('reaches every trader once, in their language, and opens the announcement', async () => {
    const { server, browser } = journey;
    const traders = [];
    for (const lang of ['en', 'hk', 'ar']) {
      const page = await phonePage(browser, { lang });
      await startDemo(page, server);
      await page.goto(`${server.url}/inbox`);
      traders.push({ lang, page });
    }

    const operator = await firstUseByApi(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD, 'Desk-ops-2026x');
    const { page: admin, errors } = await desk(browser, 'en');
    await deskLogIn(admin, server, operator);
    await admin.goto(`${server.url}/admin/announcement`);
    const send = admin.getByTestId('announcement-send');
    await send.waitFor();
    await send.click();
    await admin.locator('.ant-popconfirm .ant-btn-primary').click();
    await admin.locator('.ant-message-success').waitFor();
    await screenshot(admin, 'announcement-sent-admin');

    for (const { lang, page } of traders) {
      // The fan-out job runs every 2 s; the open inbox hears of it live.
      const row = page.getByTestId('notice-row');
      await row.first().waitFor({ timeout: 20_000 });
      assert.equal(await row.count(), 1, `${lang}: one notice`);
      const text = (await row.first().textContent()) ?? '';
      const expected = { en: 'New announcement', hk: '新公告', ar: 'إعلان جديد' }[lang];
      assert.ok(expected && text.includes(expected), `${lang}: "${text}"`);
      await screenshot(page, `announcement-inbox-${lang}`);
      await row.first().click();
      await page.getByTestId('announcement-page').waitFor();
      assert.equal(pathOf(page), '/mine/announcement');
    }

    // The same version again: refused, nobody written twice.
    await send.click();
    await admin.locator('.ant-popconfirm .ant-btn-primary').click();
    await admin.locator('.ant-message-error').waitFor();
    assert.deepEqual(errors, []);
  });
});
