/** Identity verification: the trader's documents and the operators' decision. */
export type { IdentityRow } from './identity.repository.js';
export { registerIdentityRoutes } from './identity.routes.js';
export { IdentityService } from './identity.service.js';
export type { IdentityDecision } from './identity.service.js';
export { IdentityReviewService } from './admin/identity-review.service.js';
export { registerIdentityReviewRoutes } from './admin/identity-review.routes.js';
export { countPendingIdentities } from './admin/identity-review.repository.js';
export { isIdentityPhoto, latestIdentityStatuses } from './identity.repository.js';
