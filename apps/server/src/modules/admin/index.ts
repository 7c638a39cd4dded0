/** The back office's API (`/api/admin/...`) and its first operator. */
export { adminPlugin } from './admin.plugin.js';
export type { AdminPluginOptions } from './admin.plugin.js';
export { seedOperatorIfNone } from './operators/seed-operator.js';
