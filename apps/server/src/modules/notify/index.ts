/** E-mail and SMS: the notifier that sends, and the outbox support reads. */
export { Notifier } from './notifier.js';
export type { MailAttachment, OutgoingMessage, SmsProvider } from './notifier.js';
export { MailQueue } from './mail-queue.js';
export type { MailRenderer } from './mail-queue.js';
export { mailsOf } from './mail-queue.repository.js';
export { OutboxService } from './outbox.service.js';
export { Inbox, toNotice } from './inbox.js';
export type { NoticeWriter, ReceiptFinder } from './inbox.js';
export { NoticeBus } from './notice-bus.js';
export { registerInboxRoutes } from './inbox.routes.js';
export { PushKeys } from './push-keys.js';
export { PushSender } from './push-sender.js';
export { PushService } from './push.service.js';
export { registerPushRoutes } from './push.routes.js';
export { AnnouncementBroadcasts } from './announcement-broadcasts.js';
export type { BroadcastProgress, BroadcastView } from './announcement-broadcasts.js';
