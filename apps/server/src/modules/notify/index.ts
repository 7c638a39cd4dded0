/** E-mail and SMS: the notifier that sends, and the outbox support reads. */
export { Notifier } from './notifier.js';
export type { MailAttachment, OutgoingMessage, SmsProvider } from './notifier.js';
export { MailQueue } from './mail-queue.js';
export type { MailRenderer } from './mail-queue.js';
export { mailsOf } from './mail-queue.repository.js';
export { OutboxService } from './outbox.service.js';
