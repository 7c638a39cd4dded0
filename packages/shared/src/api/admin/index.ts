/** The back office's contract (docs/api.md "Back office API"), one file per area. */
export * from './common.js';
export * from './auth.js';
export * from './dashboard.js';
export * from './users.js';
export * from './deposits.js';
export * from './withdrawals.js';
export * from './identity.js';
export * from './instruments.js';
export * from './executions.js';
export * from './feeds.js';
export * from './history.js';
export * from './content.js';
export * from './channels.js';
export * from './settings.js';
export * from './outbox.js';
export * from './audit.js';
export * from './operators.js';
