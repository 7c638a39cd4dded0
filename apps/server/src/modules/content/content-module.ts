import type { Db } from '../../core/db/database.js';
import { AnnouncementService } from './announcement.service.js';
import { ContentService } from './content.service.js';
import { FeedbackService } from './feedback.service.js';
import { FollowTraderService } from './follow-trader.service.js';
import { NewsService } from './news.service.js';
import type { SettingsService } from '../../core/settings/settings.service.js';
import { SupportService } from './support.service.js';

/**
 * News, the announcement, the follow-trader ranking, feedback and support: what traders
 * read, and the services the back office calls to keep them (each validates and
 * sanitizes what it is given, and takes an optional transaction for the audit row).
 */
export interface ContentModule {
  /** The site's own facts: service links, company, public settings. */
  site: ContentService;
  news: NewsService;
  announcements: AnnouncementService;
  traders: FollowTraderService;
  feedback: FeedbackService;
  support: SupportService;
}

export function createContentModule(
  db: Db,
  settings: SettingsService,
  now: () => number,
  publicConfig: { demoBalance: number; pcSiteUrl: string },
): ContentModule {
  return {
    site: new ContentService(db, settings, publicConfig),
    news: new NewsService(db, now),
    announcements: new AnnouncementService(db, now),
    traders: new FollowTraderService(db, now),
    feedback: new FeedbackService(db, now),
    support: new SupportService(settings),
  };
}
