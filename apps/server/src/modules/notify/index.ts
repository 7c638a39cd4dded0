/** E-mail and SMS: the notifier that sends, and the outbox support reads. */
export { Notifier } from './notifier.js';
export type { SmsProvider } from './notifier.js';
export { OutboxService } from './outbox.service.js';
