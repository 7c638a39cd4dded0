/** What traders read and send: site facts, news, the announcement, ranking, feedback, support. */
export { createContentModule } from './content-module.js';
export type { ContentModule } from './content-module.js';
export { registerContentModuleRoutes } from './content-module.routes.js';
export { settingsCsp } from './content-security.js';
export type { NewsArticle } from './news.service.js';
export { seedContentIfEmpty } from './seed/content-seed.js';
export { safeOrigin } from './support.service.js';
export { ContentAdminService } from './admin/content-admin.service.js';
export { registerContentAdminRoutes } from './admin/content-admin.routes.js';
export { countFeedback, isFeedbackScreenshot } from './feedback.repository.js';
