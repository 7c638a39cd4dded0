import { LANGS } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { hasAnyAnnouncement, upsertAnnouncement } from '../announcement.repository.js';
import { hasAnyCompany, insertCompany } from '../company.repository.js';
import { hasAnyTrader, insertTrader } from '../follow-trader.repository.js';
import { sanitizeArticleHtml } from '../html-sanitizer.js';
import { newsImageUrl } from '../news-images.js';
import { hasAnyNews, insertNews, replaceTranslations } from '../news.repository.js';
import { ANNOUNCEMENT_TEXTS, announcementHtml } from './announcement-texts.js';
import { HOURS_ARTICLE } from './articles/hours.js';
import { LEVERAGE_ARTICLE } from './articles/leverage.js';
import { RISK_ARTICLE } from './articles/risk.js';
import { WELCOME_ARTICLE } from './articles/welcome.js';
import { SAMPLE_TRADERS } from './follow-trader-samples.js';
import { sampleHtml } from './sample-article.js';

/** The operating company shown by the company calls; operators edit it in the back office. */
const MAIN_COMPANY = {
  name: 'Pipwise Markets Ltd',
  logo: '/icons/icon-192.png',
  url: 'https://pipwise.example',
  subject: 'Online trading of forex and CFDs',
  registered_address: '1 Harbour Road, Wan Chai, Hong Kong',
  location: 'Hong Kong',
  email: 'support@pipwise.example',
  is_main: 1,
};

const DAY_MS = 24 * 60 * 60 * 1000;
const ARTICLES = [HOURS_ARTICLE, RISK_ARTICLE, LEVERAGE_ARTICLE, WELCOME_ARTICLE];

/**
 * Fills each content table that is still empty — the operating company, news, the
 * announcement, the ranking —
 * with samples (is_sample = 1) in all 18 languages, so a new installation shows a full
 * app. One transaction; a table an operator has filled is left alone.
 */
export async function seedContentIfEmpty(db: Db, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await hasAnyCompany(trx))) await insertCompany(trx, MAIN_COMPANY);
    if (!(await hasAnyNews(trx))) {
      for (const article of ARTICLES) {
        const at = now - article.daysAgo * DAY_MS;
        const image = newsImageUrl(article.image);
        const id = await insertNews(trx, {
          category_id: 1,
          base_lang: 'en',
          logo: image,
          published: 1,
          is_sample: 1,
          created_by: null,
          updated_by: null,
          created_at: at,
          updated_at: at,
        });
        await replaceTranslations(
          trx,
          id,
          LANGS.map((lang) => {
            const text = article.texts[lang];
            return {
              lang,
              title: text.title,
              summary: text.desc,
              content: sanitizeArticleHtml(sampleHtml(text, image)),
            };
          }),
        );
      }
    }
    if (!(await hasAnyAnnouncement(trx))) {
      for (const lang of LANGS) {
        const text = ANNOUNCEMENT_TEXTS[lang];
        await upsertAnnouncement(trx, {
          lang,
          title: text.title,
          content: sanitizeArticleHtml(announcementHtml(text)),
          is_sample: 1,
          updated_by: null,
          updated_at: now,
        });
      }
    }
    if (!(await hasAnyTrader(trx))) {
      for (const [index, t] of SAMPLE_TRADERS.entries()) {
        await insertTrader(trx, {
          display_name: t.user,
          avatar: '',
          multiple: t.multiple,
          three_week_rate: t.rate3w,
          three_week_win: t.win3w,
          three_week_profit: t.profit3w,
          total_rate: t.total,
          total_trade_num: t.trades,
          code: t.code,
          sort: index + 1,
          enabled: 1,
          is_sample: 1,
          created_at: now,
          updated_at: now,
        });
      }
    }
  });
}
