import {
  adminAnnouncementBroadcastsEndpoint,
  adminAnnouncementsEndpoint,
  adminBroadcastAnnouncementEndpoint,
  adminDeleteNewsEndpoint,
  adminDeleteTraderEndpoint,
  adminFeedbackEndpoint,
  adminHandleFeedbackEndpoint,
  adminNewsDetailEndpoint,
  adminNewsEndpoint,
  adminRemoveNewsTranslationEndpoint,
  adminSaveAnnouncementEndpoint,
  adminSaveNewsEndpoint,
  adminSaveTraderEndpoint,
  adminTradersEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { Success, withMessage } from '../../../http/route.js';
import { registerAdminEndpoint } from '../../../http/admin-endpoint.js';
import type { ContentAdminService } from './content-admin.service.js';

/** News, the announcement, follow traders (content) and the feedback queue (support). */
export function registerContentAdminRoutes(
  app: FastifyInstance,
  content: ContentAdminService,
  now: () => number,
): void {
  registerAdminEndpoint(app, adminNewsEndpoint, now, ({ page }) => content.listNews(page));
  registerAdminEndpoint(app, adminNewsDetailEndpoint, now, ({ id }) => content.article(id));
  registerAdminEndpoint(
    app,
    adminSaveNewsEndpoint,
    now,
    async (input, call) =>
      new Success(await content.saveNews(input, call.operator.operatorId, call.audit), 'admin.saved'),
  );
  registerAdminEndpoint(app, adminRemoveNewsTranslationEndpoint, now, ({ id, lang }, call) =>
    withMessage(content.removeTranslation(id, lang, call.operator.operatorId, call.audit), 'admin.saved'),
  );
  registerAdminEndpoint(app, adminDeleteNewsEndpoint, now, async ({ id }, call) => {
    await content.deleteNews(id, call.audit);
    return new Success(null, 'admin.deleted');
  });

  registerAdminEndpoint(app, adminAnnouncementsEndpoint, now, () => content.announcements());
  registerAdminEndpoint(
    app,
    adminSaveAnnouncementEndpoint,
    now,
    async (input, call) =>
      new Success(await content.saveAnnouncement(input, call.operator.operatorId, call.audit), 'admin.saved'),
  );

  registerAdminEndpoint(
    app,
    adminBroadcastAnnouncementEndpoint,
    now,
    async ({ updated_at }, call) =>
      new Success(
        await content.broadcastAnnouncement(updated_at, call.operator.operatorId, call.audit),
        'admin.announcement_sent',
      ),
  );

  registerAdminEndpoint(app, adminAnnouncementBroadcastsEndpoint, now, ({ page }) =>
    content.announcementSends(page),
  );

  registerAdminEndpoint(app, adminTradersEndpoint, now, () => content.traders());
  registerAdminEndpoint(
    app,
    adminSaveTraderEndpoint,
    now,
    async (input, call) => new Success(await content.saveTrader(input, call.audit), 'admin.saved'),
  );
  registerAdminEndpoint(app, adminDeleteTraderEndpoint, now, async ({ id }, call) => {
    await content.deleteTrader(id, call.audit);
    return new Success(null, 'admin.deleted');
  });

  registerAdminEndpoint(app, adminFeedbackEndpoint, now, (input) =>
    content.feedback({ status: input.status, topic: input.topic, user_id: input.user_id }, input.page),
  );
  registerAdminEndpoint(app, adminHandleFeedbackEndpoint, now, ({ id }, call) =>
    withMessage(content.handleFeedback(id, call.operator.operatorId, call.audit), 'admin.feedback_handled'),
  );
}
