import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { createDatabase } from '../apps/server/src/core/db/create-db.js';
import type { Db } from '../apps/server/src/core/db/database.js';
import { insertNews, replaceTranslations } from '../apps/server/src/modules/content/news.repository.js';
import { NewsService } from '../apps/server/src/modules/content/news.service.js';
import { XSS_PAYLOADS } from '../apps/server/test/content-xss-payloads.js';
import {
  ARTIFACTS,
  launchChromium,
  phonePage,
  samePlace,
  startServer,
  type RunningServer,
} from './harness.js';
import { assertAccessible } from './axe-audit.js';
import { logIn, registerByApi, startDemo, storage } from './helpers.js';

/**
 * Content and support as a trader meets them (issue 9): the news list and an article, the
 * announcement, the ranking's "coming soon", feedback with a screenshot, and customer
 * service in each of its three shapes (a frame of the configured host, a dialog with copy,
 * a redirect). Every hostile article of the XSS list is shown in Chromium and none may
 * open a dialog. Settings are written into the server's database between restarts (the
 * server reads them once per process); screenshots go to e2e/artifacts.
 */

const LANGS = ['en', 'hk', 'ar'] as const;

/** The database of a halted server (SQLite in its data folder, or PostgreSQL), for one piece of work. */
async function withDb<T>(server: RunningServer, work: (db: Db) => Promise<T>): Promise<T> {
  const handle = createDatabase({ url: server.databaseUrl, dataDir: server.dataDir });
  try {
    return await work(handle.db);
  } finally {
    await handle.db.destroy();
  }
}

async function setSettings(server: RunningServer, values: Record<string, string>): Promise<void> {
  await withDb(server, async (db) => {
    for (const [key, value] of Object.entries(values)) {
      await db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    }
  });
}

/** The real trader of these journeys (registered through the API, logging in through the login page). */
const REAL_EMAIL = 'content-e2e@example.com';

/** A guest's phone page in `lang`. */
function openPage(browser: Browser, lang: string): Promise<Page> {
  return phonePage(browser, { lang });
}

/** The language the trader picked, remembered for the next page load (as the language sheet does). */
async function inLang(page: Page, lang: string): Promise<void> {
  await page.evaluate((l) => window.localStorage.setItem('pipwise.lang', l), lang);
}

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  // Let lazy images and fonts settle.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: path.join(ARTIFACTS, `content-${name}.png`) });
  await assertAccessible(page, `content-${name}`);
}

/** A stand-in customer-service site on its own origin (another port). */
function startChatSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Support chat</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f4f6fb;color:#1b2333}
header{background:#1c6ef2;color:#fff;padding:14px 16px;font-weight:600}
.msg{margin:14px 16px;padding:12px 14px;background:#fff;border-radius:12px;max-width:75%;box-shadow:0 1px 2px rgba(0,0,0,.08)}
footer{position:fixed;bottom:0;left:0;right:0;padding:10px;background:#fff;border-top:1px solid #dde3ee}
footer div{border:1px solid #cfd6e4;border-radius:18px;padding:9px 14px;color:#5f6b80}</style></head>
<body><header>Support chat</header><h1 style="display:none">chat-ready</h1>
<div class="msg">Hello! How can we help you today?</div><footer><div>Type a message…</div></footer></body></html>`);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/room`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    }),
  );
}

void describe('content and support at a phone viewport', () => {
  let server: RunningServer;
  let browser: Browser;
  let chat: Awaited<ReturnType<typeof startChatSite>>;
  /** A phone logged in through the login page: the real trader, or a new demo account. */
  const signedIn = async (who: 'real' | 'demo'): Promise<Page> => {
    const page = await phonePage(browser);
    if (who === 'real') await logIn(page, server, REAL_EMAIL);
    else await startDemo(page, server);
    return page;
  };
  const xssIds: number[] = [];

  /**
   * Halts the server, writes into its database, and starts it again on the same port and
   * data: the server reads settings once per process.
   */
  const whileHalted = async (work: () => Promise<void>) => {
    await server.halt();
    await work();
    server = await startServer({}, samePlace(server));
  };
  const url = () => server.url;

  before(async () => {
    chat = await startChatSite();
    browser = await launchChromium();
    server = await startServer(); // the first start migrates and seeds
    await server.halt();
    // Every hostile article twice: saved through the sanitizing service, and written raw
    // (as if it had reached the database another way), so the app's DOMPurify alone must hold.
    await withDb(server, async (db) => {
      const news = new NewsService(db, Date.now);
      for (const [i, payload] of XSS_PAYLOADS.entries()) {
        const saved = await news.saveNews(
          {
            category_id: 77,
            base_lang: 'en',
            logo: '',
            published: true,
            translations: { en: { title: `Saved ${i}`, desc: '', content: `<p>Saved ${i}</p>${payload}` } },
          },
          null,
        );
        const raw = await insertNews(db, {
          category_id: 77,
          base_lang: 'en',
          logo: '',
          published: 1,
          is_sample: 0,
          created_by: null,
          updated_by: null,
          created_at: Date.now(),
          updated_at: Date.now(),
        });
        await replaceTranslations(db, raw, [
          { lang: 'en', title: `Raw ${i}`, summary: '', content: `<p>Raw ${i}</p>${payload}` },
        ]);
        xssIds.push(saved.id, raw);
      }
    });
    // Older articles below the samples, so the list has more than one page to load.
    await withDb(server, async (db) => {
      const news = new NewsService(db, () => Date.now() - 40 * 86_400_000);
      for (let i = 1; i <= 12; i++) {
        await news.saveNews(
          {
            category_id: 1,
            base_lang: 'en',
            logo: '/static/news/risk.svg',
            published: true,
            translations: {
              en: { title: `Weekly market wrap ${i}`, desc: 'The week in review.', content: '<p>Review</p>' },
            },
          },
          null,
        );
      }
    });
    await setSettings(server, { service_link: chat.url, service_link_type: '1' });
    server = await startServer({}, samePlace(server));
    await registerByApi(server, REAL_EMAIL);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    await chat?.close();
  });

  void it('lists the news and opens an article with its image', async () => {
    for (const lang of LANGS) {
      const page = await openPage(browser, lang);
      await page.goto(`${url()}/news`);
      await page.getByTestId('news-item').first().waitFor();
      // The newest first: the four samples, then the older weekly wraps.
      assert.equal(await page.getByTestId('news-item').count(), 10);
      assert.match(await page.getByTestId('news-item').nth(4).innerText(), /Weekly market wrap 12/);
      assert.equal(await page.getByTestId('tab-bar').isVisible(), true);
      await page.getByTestId('announcement-teaser').waitFor();
      await shot(page, `news-${lang}`);

      await page.getByTestId('news-item').first().click();
      await page.waitForURL(/\/news\/detail\?id=\d+$/);
      const body = page.getByTestId('article-body');
      await body.waitFor();
      const image = body.locator('img').first();
      await image.waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector('[data-testid=article-body] img');
        return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
      });
      assert.ok((await body.locator('h3').count()) > 0);
      await shot(page, `news-detail-${lang}`);
      await page.getByTestId('nav-back').click();
      await page.waitForURL(/\/news$/);
      if (lang === 'en') {
        // Scrolling to the end loads the next page.
        await page.getByTestId('news-item').last().scrollIntoViewIfNeeded();
        await page.mouse.wheel(0, 4000);
        await page.locator('[data-testid=news-item]').nth(15).waitFor();
        assert.equal(await page.getByTestId('news-item').count(), 16);
      }
      await page.context().close();
    }
  });

  void it('shows the announcement naming the countries not served', async () => {
    const expected = {
      en: 'North Korea, Israel, China, Vanuatu and Cuba',
      hk: '北韓、以色列、中國、瓦努阿圖及古巴',
      ar: 'كوريا الشمالية وإسرائيل والصين وفانواتو وكوبا',
    };
    for (const lang of LANGS) {
      const page = await openPage(browser, lang);
      await page.goto(`${url()}/mine/announcement`);
      const text = await page.getByTestId('announcement-body').innerText();
      assert.ok(text.includes(expected[lang]), `${lang}: ${text}`);
      await shot(page, `announcement-${lang}`);
      await page.context().close();
    }
  });

  void it('ranks the follow traders; copy trading is announced, with no button to tap', async () => {
    for (const lang of LANGS) {
      const page = await openPage(browser, lang);
      await page.goto(`${url()}/rank`);
      await page.getByTestId('trader-card').first().waitFor();
      assert.ok((await page.getByTestId('trader-card').count()) >= 8);
      await shot(page, `rank-${lang}`);
      if (lang === 'en') {
        const card = page.getByTestId('trader-card').nth(1);
        assert.equal(await card.getByTestId('copy-soon').innerText(), 'Copy trading soon');
        assert.equal(await card.locator('button, a, [role="button"]').count(), 0);
        assert.equal(await card.evaluate((el) => el.closest('button')), null);
      }
      await page.context().close();
    }
  });

  void it('sends feedback with a screenshot and thanks the trader', async () => {
    for (const lang of LANGS) {
      const guest = await openPage(browser, lang);
      await guest.goto(`${url()}/feedback`);
      await guest.getByTestId('feedback-login').waitFor();
      await shot(guest, `feedback-guest-${lang}`);
      await guest.context().close();
    }

    const page = await signedIn('real');
    const realId = (JSON.parse((await storage(page, 'pipwise.user')) ?? '{}') as { id: number }).id;
    for (const lang of LANGS) {
      await inLang(page, lang);
      await page.goto(`${url()}/feedback`);
      await page.getByTestId('feedback-form').waitFor();
      if (lang === 'en') {
        // Sending an empty form says what is missing, and sends nothing.
        await page.getByTestId('feedback-submit').click();
        await page.getByTestId('topic-error').waitFor();
        await page.getByTestId('field-error').waitFor();
      }
      await page.locator('.adm-selector-item').nth(1).click();
      await page
        .getByTestId('feedback-message')
        .fill('My wire transfer from Monday has not been credited yet.');
      const png = await sharp({
        create: { width: 120, height: 200, channels: 3, background: { r: 40, g: 90, b: 200 } },
      })
        .png()
        .toBuffer();
      await page.getByTestId('feedback-screenshot-input').setInputFiles({
        name: 'screen.png',
        mimeType: 'image/png',
        buffer: png,
      });
      await page.locator('[data-testid=feedback-screenshot][data-state=done]').waitFor();
      await shot(page, `feedback-${lang}`);
      await page.getByTestId('feedback-submit').click();
      await page.getByTestId('feedback-thanks').waitFor();
      await shot(page, `feedback-thanks-${lang}`);
    }
    await page.context().close();
    const rows = await withDb(server, (db) => db.selectFrom('feedback').selectAll().execute());
    assert.equal(rows.length, LANGS.length);
    assert.ok(
      rows.every((r) => r.topic === 2 && r.screenshot_upload_id !== null && Number(r.user_id) === realId),
    );
    assert.deepEqual(rows.map((r) => r.lang).sort(), [...LANGS].sort());
  });

  void it('never runs a hostile article in the browser', async () => {
    const page = await openPage(browser, 'en');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${url()}/news`);
    await page.getByTestId('news-item').first().waitFor();
    for (const [i, id] of xssIds.entries()) {
      const path = `/news/detail?id=${id}`;
      if (i % 10 === 0) {
        // A full load now and then: the article as the first thing a page shows.
        await page.goto(`${url()}${path}`, { waitUntil: 'domcontentloaded' });
      } else {
        // Otherwise the app's own navigation (the router follows popstate), as a trader
        // going from article to article: 160 articles without 160 page loads.
        await page.evaluate((to) => {
          history.pushState(null, '', to);
          dispatchEvent(new PopStateEvent('popstate'));
        }, path);
      }
      // This article's own first paragraph ("Saved 3", "Raw 3"), not the previous one's.
      const marker = `${i % 2 === 0 ? 'Saved' : 'Raw'} ${Math.floor(i / 2)}`;
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid=article-body] p')?.textContent === text,
        marker,
      );
      // Time for an onerror/onload/ontoggle to fire, had one survived.
      await page.waitForTimeout(60);
      const found = await page.evaluate(() => {
        const body = document.querySelector('[data-testid=article-body]')!;
        const bad = body.querySelectorAll(
          'script,style,iframe,svg,math,object,embed,form,input,button,template',
        );
        const handlers = [...body.querySelectorAll('*')].flatMap((el) =>
          [...el.attributes].filter((a) => a.name.startsWith('on') || a.name === 'style').map((a) => a.name),
        );
        const urls = [...body.querySelectorAll('[href],[src]')]
          .map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '')
          .filter((u) => /^\s*(javascript|vbscript|data:text)/i.test(u));
        return { elements: bad.length, handlers, urls };
      });
      assert.deepEqual(found, { elements: 0, handlers: [], urls: [] }, `article ${id}`);
    }
    assert.deepEqual(dialogs, []);
    await page.context().close();
  });

  void it('shows the customer-service page in a frame allowed only for its host (type 1)', async () => {
    const chatOrigin = new URL(chat.url).origin;
    const page = await signedIn('real');
    const refused: string[] = [];
    page.on('console', (msg) => {
      if (/Refused to frame|frame-src/i.test(msg.text())) refused.push(msg.text());
    });
    for (const lang of LANGS) {
      await inLang(page, lang);
      const response = await page.goto(`${url()}/mine/chat`);
      const csp = response?.headers()['content-security-policy'] ?? '';
      assert.match(csp, new RegExp(`frame-src 'self' ${chatOrigin.replace(/\./g, '\\.')}(;|$)`));
      const frame = page.getByTestId('chat-frame');
      await frame.waitFor();
      assert.match((await frame.getAttribute('sandbox')) ?? '', /allow-scripts/);
      await page
        .frameLocator('[data-testid=chat-frame]')
        .locator('text=How can we help you today?')
        .waitFor();
      await page.getByTestId('support-email').waitFor();
      if (lang === 'en') {
        // Any other host is refused by the policy.
        await page.evaluate(
          (other) => {
            const f = document.createElement('iframe');
            f.src = other;
            document.body.appendChild(f);
          },
          chat.url.replace('127.0.0.1', 'localhost'),
        );
        const deadline = Date.now() + 5_000;
        while (refused.length === 0 && Date.now() < deadline) await page.waitForTimeout(100);
        assert.ok(refused.length > 0, 'a frame of another host was not refused');
        // The probe is the test's, not the page's: gone before the picture and its checks.
        await page.evaluate(() => document.querySelector('body > iframe')?.remove());
      }
      await shot(page, `chat-frame-${lang}`);
    }
    await page.context().close();
  });

  void it('shows the link in a dialog with copy (type 2)', async () => {
    await whileHalted(() => setSettings(server, { service_link_type: '2' }));
    const page = await signedIn('demo');
    for (const lang of LANGS) {
      await inLang(page, lang);
      await page.goto(`${url()}/mine/chat`);
      await page.getByTestId('chat-dialog').waitFor();
      assert.equal(await page.getByTestId('dialog-service-link').innerText(), chat.url);
      await shot(page, `chat-dialog-${lang}`);
      if (lang === 'en') {
        await page.getByTestId('dialog-service-link-copy').click();
        await page.getByText(/^Copied$/).waitFor();
        await page.getByText(/^Copied$/).waitFor({ state: 'hidden' });
        await page.getByText('Cancel').click();
        await page.getByTestId('chat-dialog').waitFor({ state: 'hidden' });
        await page.getByTestId('service-link-card').waitFor();
        await shot(page, `chat-link-${lang}`);
      }
    }
    await page.context().close();
  });

  void it('sends the trader to the service page (type 3)', async () => {
    await whileHalted(() => setSettings(server, { service_link_type: '3' }));
    const page = await signedIn('demo');
    await page.goto(`${url()}/mine/chat`);
    await page.waitForURL(chat.url);
    await page.locator('text=How can we help you today?').waitFor();
    await shot(page, 'chat-redirect-en');
    await page.context().close();
  });

  void it('says when there is no online chat, with the e-mail and feedback', async () => {
    await whileHalted(() => setSettings(server, { service_link: '', service_link_type: '1' }));
    const page = await signedIn('real');
    for (const lang of LANGS) {
      await inLang(page, lang);
      await page.goto(`${url()}/mine/chat`);
      await page.getByTestId('chat-unavailable').waitFor();
      await page.getByTestId('support-email').waitFor();
      await shot(page, `chat-none-${lang}`);
      if (lang === 'en') {
        await page.getByTestId('chat-feedback-link').click();
        await page.waitForURL(/\/feedback$/);
      }
    }
    await page.context().close();
  });
});
