/** Trader statements: download (PDF, CSV) and the statement e-mails (docs/statements.md). */
export { createStatementsModule } from './statements.module.js';
export type { StatementsModule } from './statements.module.js';
export { registerStatementRoutes } from './statement.routes.js';
export { MONTHLY_KIND, CONFIRMATION_KIND } from './statement-mail.js';
export { CONFIRMATION_SWITCH_TTL_MS } from './confirmation-switches.js';
