/** The back office's API (`/api/admin/...`) and its first operator. */
export { adminPlugin } from './admin.plugin.js';
export type { AdminPluginOptions } from './admin.plugin.js';
export { seedOperatorIfNone } from './operators/seed-operator.js';
export { createOperatorDesk } from './desk/operator-desk.js';
export type { OperatorDesk } from './desk/operator-desk.js';
export type { DeskFeed, DeskFeedOptions, DeskListener } from './desk/desk-feed.js';
