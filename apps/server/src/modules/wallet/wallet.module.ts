import type { FastifyInstance } from 'fastify';
import type { StepUpGate } from '../../core/caller.js';
import type { Core } from '../../core/index.js';
import type { NoticeWriter } from '../notify/index.js';
import type { TradingModule } from '../trading/index.js';
import { registerChannelRoutes } from './channels/channel.routes.js';
import { ChannelService } from './channels/channel.service.js';
import { registerDepositRoutes } from './deposits/deposit.routes.js';
import { DepositService } from './deposits/deposit.service.js';
import { registerDrawMethodRoutes } from './methods/draw-method.routes.js';
import { DrawMethodService } from './methods/draw-method.service.js';
import { registerWithdrawalRoutes } from './withdrawals/withdrawal.routes.js';
import { WithdrawalService } from './withdrawals/withdrawal.service.js';

/** Money in and out: deposit channels, deposits, withdrawal addresses and withdrawals. */
export interface WalletModule {
  deposits: DepositService;
  withdrawals: WithdrawalService;
  channels: ChannelService;
  drawMethods: DrawMethodService;
}

export function createWalletModule(
  core: Core,
  trading: Pick<TradingModule, 'desk' | 'accounts'>,
  inbox?: NoticeWriter,
): WalletModule {
  const { db, transactions, now } = core;
  return {
    deposits: new DepositService(db, transactions, inbox),
    withdrawals: new WithdrawalService({
      db,
      transactions,
      ...(inbox ? { inbox } : {}),
      figures: (tx) => trading.desk.figures(tx),
      readFigures: (userId) => trading.accounts.figures(userId),
    }),
    channels: new ChannelService(db),
    drawMethods: new DrawMethodService(db, transactions, now),
  };
}

export function registerWalletRoutes(
  app: FastifyInstance,
  wallet: WalletModule,
  trading: Pick<TradingModule, 'accounts'>,
  stepUp: StepUpGate,
): void {
  registerDepositRoutes(app, wallet.deposits);
  registerWithdrawalRoutes(app, { withdrawals: wallet.withdrawals, accounts: trading.accounts, stepUp });
  registerChannelRoutes(app, wallet.channels);
  registerDrawMethodRoutes(app, wallet.drawMethods);
}
