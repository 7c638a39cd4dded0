import {
  inboxListEndpoint,
  inboxNoticeEndpoint,
  inboxReadEndpoint,
  inboxSettingsEndpoint,
  inboxSwitchEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../http/auth-hook.js';
import { registerEndpoint } from '../../http/route.js';
import type { Inbox } from './inbox.js';

/** The trader's inbox (docs/api.md "Inbox"): only ever the caller's own notices. */
export function registerInboxRoutes(app: FastifyInstance, inbox: Inbox): void {
  registerEndpoint(app, inboxListEndpoint, ({ page }, request) =>
    inbox.page(sessionOf(request).userId, page),
  );
  registerEndpoint(app, inboxNoticeEndpoint, ({ id }, request) =>
    inbox.notice(sessionOf(request).userId, id),
  );
  registerEndpoint(app, inboxReadEndpoint, async ({ id }, request) => ({
    unread: await inbox.markRead(sessionOf(request).userId, id),
  }));
  registerEndpoint(app, inboxSettingsEndpoint, (_input, request) =>
    inbox.switches(sessionOf(request).userId),
  );
  registerEndpoint(app, inboxSwitchEndpoint, ({ kind, enabled }, request) =>
    inbox.setSwitch(sessionOf(request).userId, kind, enabled === 1),
  );
}
