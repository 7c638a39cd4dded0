/** Money in and out: deposit channels, deposits, withdrawal addresses and withdrawals. */
export { seedFundsIfEmpty } from './seed/funds-seed.js';
export { createWalletModule, registerWalletRoutes } from './wallet.module.js';
export type { WalletModule } from './wallet.module.js';
export type { DepositRow } from './deposits/deposit.repository.js';
export type { DepositService, ReviewAudit } from './deposits/deposit.service.js';
export { addressFamily, canonicalAddress, isValidAddress } from './methods/address-check.js';
export type { WithdrawalRow } from './withdrawals/withdrawal.repository.js';
export { pendingWithdrawalsByUser } from './withdrawals/withdrawal.repository.js';
export type { WithdrawalService } from './withdrawals/withdrawal.service.js';
export { ChannelAdminService } from './admin/channels/channel-admin.service.js';
export { registerChannelAdminRoutes } from './admin/channels/channel-admin.routes.js';
export { FundsReviewService } from './admin/funds/funds-review.service.js';
export { registerFundsReviewRoutes } from './admin/funds/funds-review.routes.js';
export { countPendingFunds, moneyMovedSince } from './admin/funds/funds-admin.repository.js';
export { isDepositProof } from './deposits/deposit.repository.js';
