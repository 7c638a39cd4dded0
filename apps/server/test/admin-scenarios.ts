import { randomBytes } from 'node:crypto';
import * as c from '@pipwise/shared';
import { generate } from 'otplib';
import type { TestApp } from './helper.js';
import { createUserWithSession, fundedUser } from './helper.js';
import { boundMethod, fundsFixture, proofOf } from './funds-fixtures.js';
import { createOperator, OPERATOR_PASSWORD, operatorSession, type TestOperator } from './admin-fixtures.js';
import { insertTestExecution } from './execution-fixtures.js';
import { insertCondition, insertGroup } from '../src/core/money/trading-groups.repository.js';

/**
 * A way to call each back-office endpoint for real: `ok` builds what it needs and returns
 * an input the call succeeds with (the caller may be a fresh operator of any role allowed);
 * `bad` one it fails with on a business rule. `token` replaces the caller's session (logout
 * ends the one it is called with). `after`, when there is one, undoes what `ok` or `bad`
 * changed beyond the caller (a setting) and must run once the call was made. Keyed by path:
 * tests check every endpoint has one.
 */
export interface Scenario {
  ok: (caller: TestOperator) => Promise<{ input: unknown; token?: string }>;
  bad?: (caller: TestOperator) => Promise<{ input: unknown; token?: string }>;
  after?: () => Promise<void>;
}

const BTC = 26;
/** Two 1-minute bars of EURUSD, a HistData file the history import takes. */
const HISTORY_M1 = [
  '20240102 170000;1.103400;1.103600;1.103400;1.103500;0',
  '20240102 170100;1.103500;1.103700;1.103500;1.103600;0',
  '',
].join('\n');
const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** A provider slot's settings the server accepts (a host that resolves nowhere). */
const fixSource = (slot: c.FixSourceSlot) => ({
  slot,
  host: 'lp.example.com',
  port: 9879,
  sender_comp_id: 'PIPWISE',
  target_comp_id: 'LP',
  instruments: [],
  enabled: 0,
});

export async function buildScenarios(t: TestApp): Promise<Record<string, Scenario>> {
  const s = t.services;
  const funds = await fundsFixture(s);
  const input = (value: unknown) => Promise.resolve({ input: value });
  const idOf = (row: { id: number | string }) => Number(row.id);

  /** A version of the announcement not sent yet (saved without an audit row): its newest updated_at. */
  const unsentAnnouncement = async (): Promise<number> => {
    for (;;) {
      const title = `Notice ${randomBytes(4).toString('hex')}`;
      await s.content.announcements.saveAnnouncement('de', { title, content: '<p>Hinweis.</p>' });
      const version = Math.max(...(await s.content.announcements.listAll()).map((a) => a.updated_at));
      const sent = await s.core.db
        .selectFrom('announcement_broadcasts')
        .select('id')
        .where('announcement_at', '=', version)
        .executeTakeFirst();
      if (!sent) return version;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };
  const realUser = async () => (await fundedUser(s, 10_000)).userId;
  const groupId = async (name: string) => {
    const row = await s.core.db
      .selectFrom('trading_groups')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const newGroup = () => ({
    name: `Group ${randomBytes(4).toString('hex')}`,
    account_kind: 'real' as const,
    is_default: 0 as const,
    professional: 0 as const,
    swap_free: 0 as const,
    trade_fee_type: 0 as const,
    commission_type: 'per_lot' as const,
    commission_rate: '3.5',
    commission_min: '0',
  });
  /** A group and a condition written straight to the tables: setting a scenario up audits nothing. */
  const savedGroup = async () =>
    insertGroup(s.core.db, {
      ...newGroup(),
      name_key: `group ${randomBytes(4).toString('hex')}`,
      created_at: Date.now(),
      updated_at: Date.now(),
    });
  const savedCondition = async () =>
    insertCondition(s.core.db, {
      group_id: await savedGroup(),
      category_id: 1,
      instrument_id: null,
      fee_rate: '0',
      updated_at: Date.now(),
    });
  const deposit = async () => {
    const userId = await realUser();
    const row = await s.wallet.deposits.declare(userId, {
      type: 0,
      channelId: funds.coin,
      number: '100',
      proofUrl: await proofOf(s, userId),
    });
    return idOf(row);
  };
  const reviewedDeposit = async () => {
    const id = await deposit();
    await s.wallet.deposits.approve(id, null);
    return id;
  };
  const withdrawal = async () => {
    const userId = await realUser();
    const methodId = await boundMethod(s, userId, funds.usdt);
    const row = await s.wallet.withdrawals.request(userId, {
      currencyId: funds.usdt,
      number: '20',
      methodId,
    });
    return idOf(row);
  };
  const reviewedWithdrawal = async () => {
    const id = await withdrawal();
    await s.wallet.withdrawals.reject(id, null, 'no');
    return id;
  };
  const identity = async () => {
    const userId = await realUser();
    await s.identity.submit(userId, {
      name: 'Test Trader',
      card_id: 'AB123456',
      front_pic: await proofOf(s, userId),
      reverse_pic: await proofOf(s, userId),
    });
    const row = await s.core.db
      .selectFrom('identity_verifications')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return idOf(row);
  };
  const decidedIdentity = async () => {
    const id = await identity();
    await s.identity.rejectIdentity(id, 1, 'blurred');
    return id;
  };
  const feedback = async () => {
    const { userId } = await createUserWithSession(s);
    return (await s.content.feedback.submit(userId, 'en', { topic: 1, message: 'The chart does not load' }))
      .id;
  };
  const article = async () =>
    (
      await s.content.news.saveNews(
        {
          category_id: 1,
          base_lang: 'en',
          logo: '',
          published: true,
          translations: {
            en: { title: 'Markets today', desc: 'A summary', content: '<p>Calm.</p>' },
            fr: { title: 'Marchés', desc: 'Un résumé', content: '<p>Calme.</p>' },
          },
        },
        null,
      )
    ).id;
  const trader = async () =>
    (
      await s.content.traders.saveFollowTrader({
        user: 'Ada',
        avatar: '',
        multiple: 100,
        three_week_rate: 12.5,
        three_week_win: 60,
        three_week_profit: 1500,
        total_rate: 80,
        total_trade_num: 420,
        code: `T${randomBytes(3).toString('hex')}`,
        sort: 1,
        enabled: true,
      })
    ).id;
  const other = async (role: c.OperatorRole = 'support') => (await createOperator(s, role)).id;
  /** Gives an operator a pending (not yet enabled) authenticator secret. */
  const totpSecret = async (operatorId: number, enabled: 0 | 1) => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await s.core.db
      .updateTable('operators')
      .set({ totp_secret: secret, totp_enabled: enabled, totp_last_step: null })
      .where('id', '=', operatorId)
      .execute();
    return generate({ secret, epoch: Math.floor(s.core.now() / 1000) });
  };
  /** Turns an operator's two-factor off, as an admin's reset would. */
  const totpOff = async (operatorId: number) => {
    await s.core.db
      .updateTable('operators')
      .set({ totp_secret: null, totp_enabled: 0, totp_last_step: null })
      .where('id', '=', operatorId)
      .execute();
  };
  const btc = async () => {
    const row = await s.core.db
      .selectFrom('instruments')
      .selectAll()
      .where('id', '=', BTC)
      .executeTakeFirstOrThrow();
    return {
      id: BTC,
      category_id: row.category_id,
      spread_points: row.spread_points + 1,
      max_quote_age_ms: row.max_quote_age_ms,
      leverages: (JSON.parse(row.leverages) as number[]).join(','),
      fee_rate: row.fee_rate,
      min_lots: row.min_lots,
      lot_step: row.lot_step,
      enabled: 1,
      sort: row.sort,
      execution_mode: row.execution_mode,
      markup_points: row.markup_points,
      max_slippage_points: row.max_slippage_points,
      provider_symbol: row.provider_symbol,
      swap_long: row.swap_long,
      swap_short: row.swap_short,
      swap_unit: row.swap_unit,
      swap_triple_day: row.swap_triple_day,
    };
  };
  const coinChannel = {
    kind: 'coin',
    currency_code: 'USDT',
    protocol_code: 'TRC20',
    address: TRC20_ADDRESS,
    usd_rate: '1',
    enabled: 1,
    sort: 5,
  };
  const currency = {
    type: 1,
    code: 'USDT',
    protocol: 'TRC20',
    fee_type: 1,
    draw_rate: '1',
    usd_price: '1',
    minimum: '10',
    has_channel: 1,
    enabled: 1,
    sort: 3,
  };
  const news = (id?: number) => ({
    ...(id ? { id } : {}),
    category_id: 1,
    base_lang: 'en',
    logo: '',
    published: 1,
    lang: 'en',
    title: 'Weekly outlook',
    desc: 'What to watch',
    content: '<p>Rates <b>decide</b>.</p>',
  });
  const traderInput = (id?: number) => ({
    ...(id ? { id } : {}),
    user: 'Grace',
    avatar: '',
    multiple: 200,
    three_week_rate: '-3.5',
    three_week_win: '41.2',
    three_week_profit: '-120.75',
    total_rate: '15',
    total_trade_num: 90,
    code: 'G200',
    sort: 2,
    enabled: 1,
  });

  return {
    // ---- the operator's own access ----
    [c.adminLogoutEndpoint.path]: {
      ok: async (caller) => ({ input: {}, token: await operatorSession(s, caller.id) }),
      bad: async (caller) => {
        const token = await operatorSession(s, caller.id);
        await adminEnd(t, token);
        return { input: {}, token };
      },
    },
    [c.adminChangePasswordEndpoint.path]: {
      ok: () => input({ old_password: OPERATOR_PASSWORD, new_password: 'Another-pass-2027' }),
      bad: () => input({ old_password: 'not-the-password-1', new_password: 'Another-pass-2027' }),
    },
    // Test operators have two-factor on: setting it up again starts from off (the caller is
    // then held to the first-use calls, which these are).
    [c.adminTotpSetupEndpoint.path]: {
      ok: async (caller) => {
        await totpOff(caller.id);
        return { input: { password: OPERATOR_PASSWORD } };
      },
      bad: async (caller) => {
        await totpOff(caller.id);
        return { input: { password: 'not-the-password-1' } };
      },
    },
    [c.adminTotpEnableEndpoint.path]: {
      ok: async (caller) => ({ input: { code: await totpSecret(caller.id, 0) } }),
      bad: async (caller) => {
        const code = await totpSecret(caller.id, 0);
        return { input: { code: code === '000000' ? '111111' : '000000' } };
      },
    },
    // Two-factor can only be turned off where the setting leaves it to the operator.
    [c.adminTotpDisableEndpoint.path]: {
      ok: async (caller) => {
        await s.core.settings.set('admin_totp_required', '0');
        return { input: { password: OPERATOR_PASSWORD, code: await totpSecret(caller.id, 1) } };
      },
      bad: async (caller) => {
        await s.core.settings.set('admin_totp_required', '0');
        return { input: { password: 'not-the-password-1', code: await totpSecret(caller.id, 1) } };
      },
      after: () => s.core.settings.set('admin_totp_required', '1'),
    },
    [c.adminMeEndpoint.path]: { ok: () => input({}) },
    [c.adminDashboardEndpoint.path]: { ok: () => input({}) },

    // ---- users ----
    [c.adminUsersEndpoint.path]: { ok: () => input({ q: 'example.com', page: 1 }) },
    [c.adminUserDetailEndpoint.path]: { ok: async () => ({ input: { id: await realUser() } }) },
    [c.adminUserLogsEndpoint.path]: { ok: async () => ({ input: { id: await realUser(), page: 1 } }) },
    [c.adminFreezeLoginEndpoint.path]: {
      ok: async () => ({ input: { id: await realUser(), frozen: 1, reason: 'fraud check' } }),
      bad: () => input({ id: 987_654_321, frozen: 1 }),
    },
    [c.adminFreezeTradingEndpoint.path]: {
      ok: async () => ({ input: { id: await realUser(), frozen: 1 } }),
      bad: () => input({ id: 987_654_321, frozen: 1 }),
    },
    [c.adminSetABookEndpoint.path]: {
      ok: async () => ({ input: { id: await realUser(), a_book: 1, reason: 'large flow' } }),
      // Demo money never reaches the provider.
      bad: async () => ({
        input: { id: (await createUserWithSession(s, { is_demo: 1 })).userId, a_book: 1 },
      }),
    },
    [c.adminSetUserGroupEndpoint.path]: {
      ok: async () => ({
        input: { id: await realUser(), group_id: await groupId('Retail (ESMA)'), reason: 'EU client' },
      }),
      // A real account never sits in a demo group.
      bad: async () => ({ input: { id: await realUser(), group_id: await groupId('Demo') } }),
    },

    // ---- trading groups (docs/trading-groups.md) ----
    [c.adminGroupsEndpoint.path]: { ok: () => input({}) },
    [c.adminSaveGroupEndpoint.path]: {
      ok: () => input(newGroup()),
      // The default of a kind is replaced, never unset.
      bad: async () => ({
        input: { ...newGroup(), id: await groupId('Standard'), name: 'Standard', is_default: 0 },
      }),
    },
    [c.adminDeleteGroupEndpoint.path]: {
      ok: async () => ({ input: { id: await savedGroup() } }),
      bad: async () => ({ input: { id: await groupId('Standard') } }),
    },
    [c.adminGroupConditionsEndpoint.path]: {
      ok: async () => ({ input: { group_id: await groupId('Standard') } }),
    },
    [c.adminSaveGroupConditionEndpoint.path]: {
      ok: async () => ({ input: { group_id: await savedGroup(), instrument_id: 1, leverages: '10,20' } }),
      bad: async () => ({ input: { group_id: await savedGroup(), instrument_id: 999_999, fee_rate: '1' } }),
    },
    [c.adminDeleteGroupConditionEndpoint.path]: {
      ok: async () => ({ input: { id: await savedCondition() } }),
      bad: () => input({ id: 999_999 }),
    },
    [c.adminLeverageCapsEndpoint.path]: { ok: () => input({}) },
    [c.adminSaveLeverageCapEndpoint.path]: {
      ok: () => input({ asset_class: 'share', cap: 5 }),
      // A cap of 0 would offer no leverage at all.
      bad: () => input({ asset_class: 'share', cap: 0 }),
    },
    [c.adminAdjustBalanceEndpoint.path]: {
      ok: async () => ({ input: { id: await realUser(), amount: '-25.5', reason: 'fee refund reversed' } }),
      bad: async () => ({ input: { id: await realUser(), amount: '-10000.01', reason: 'too much' } }),
    },

    // ---- deposits and withdrawals ----
    [c.adminDepositsEndpoint.path]: { ok: () => input({ status: 0, page: 1 }) },
    [c.adminDepositDetailEndpoint.path]: { ok: async () => ({ input: { id: await deposit() } }) },
    [c.adminApproveDepositEndpoint.path]: {
      ok: async () => ({ input: { id: await deposit() } }),
      bad: async () => ({ input: { id: await reviewedDeposit() } }),
    },
    [c.adminRejectDepositEndpoint.path]: {
      ok: async () => ({ input: { id: await deposit(), remark: 'The proof is unreadable' } }),
      bad: async () => ({ input: { id: await reviewedDeposit(), remark: 'late' } }),
    },
    [c.adminInvalidateDepositEndpoint.path]: {
      ok: async () => ({ input: { id: await deposit(), remark: 'Duplicate of an earlier one' } }),
      bad: async () => ({ input: { id: await reviewedDeposit(), remark: 'late' } }),
    },
    [c.adminWithdrawalsEndpoint.path]: { ok: () => input({ status: 0, page: 1 }) },
    [c.adminWithdrawalDetailEndpoint.path]: { ok: async () => ({ input: { id: await withdrawal() } }) },
    [c.adminApproveWithdrawalEndpoint.path]: {
      ok: async () => ({ input: { id: await withdrawal(), payout_reference: 'WIRE-2026-000117' } }),
      bad: async () => ({ input: { id: await reviewedWithdrawal(), payout_reference: 'WIRE-late' } }),
    },
    [c.adminRejectWithdrawalEndpoint.path]: {
      ok: async () => ({ input: { id: await withdrawal(), notes: 'Wrong address' } }),
      bad: async () => ({ input: { id: await reviewedWithdrawal(), notes: 'late' } }),
    },

    // ---- identity and images ----
    [c.adminIdentitiesEndpoint.path]: { ok: () => input({ status: 1, page: 1 }) },
    [c.adminIdentityDetailEndpoint.path]: { ok: async () => ({ input: { id: await identity() } }) },
    [c.adminApproveIdentityEndpoint.path]: {
      ok: async () => ({ input: { id: await identity() } }),
      bad: async () => ({ input: { id: await decidedIdentity() } }),
    },
    [c.adminRejectIdentityEndpoint.path]: {
      ok: async () => ({ input: { id: await identity(), reason: 'The photo is blurred' } }),
      bad: async () => ({ input: { id: await decidedIdentity(), reason: 'again' } }),
    },
    [c.adminImageEndpoint.path]: { ok: () => input({ name: `${'0'.repeat(32)}.png` }) },

    // ---- instruments ----
    [c.adminInstrumentsEndpoint.path]: { ok: () => input({}) },
    [c.adminSaveInstrumentEndpoint.path]: {
      ok: async () => ({ input: await btc() }),
      bad: async () => ({ input: { ...(await btc()), min_lots: '0.015', lot_step: '0.01' } }),
    },
    [c.adminCategoriesEndpoint.path]: { ok: () => input({}) },
    [c.adminExecutionsEndpoint.path]: { ok: () => input({ state: 'unbooked', handled: 0, page: 1 }) },
    [c.adminHandleExecutionEndpoint.path]: {
      ok: async () => ({
        input: { id: await insertTestExecution(s, await realUser()), note: 'Offset at the provider' },
      }),
      // Only an unbooked fill is the desk's to mark.
      bad: async () => ({
        input: { id: await insertTestExecution(s, await realUser(), 'booked'), note: 'Offset' },
      }),
    },
    [c.adminFeedStatusEndpoint.path]: { ok: () => input({}) },
    [c.adminFixSourcesEndpoint.path]: { ok: () => input({}) },
    [c.adminSaveFixSourceEndpoint.path]: {
      // Stored only: no process here holds provider sessions in these tests.
      ok: () => input(fixSource('trade')),
      // A backup before any primary.
      bad: () => input(fixSource('md_backup')),
    },
    [c.adminDeleteFixSourceEndpoint.path]: {
      ok: async () => {
        await s.core.db.deleteFrom('fix_sources').execute();
        await s.market.sources.runInTransaction((trx) =>
          s.market.sources.put(trx, {
            slot: 'trade',
            endpoint: { host: 'lp.example.com', port: 9879, sender: 'PIPWISE', target: 'LP' },
            instruments: [],
            enabled: false,
            fromEnv: false,
            updatedAt: 1,
          }),
        );
        return { input: { slot: 'trade' } };
      },
      bad: () => input({ slot: 'md_primary' }),
    },
    [c.adminBooksStatusEndpoint.path]: { ok: () => input({}) },
    [c.adminDeskEndpoint.path]: { ok: () => input({ tz: 'Europe/London' }) },
    [c.adminImportHistoryEndpoint.path]: {
      // Importing the same file again writes the same candles: each call succeeds.
      ok: () => input({ instrument: 'EURUSD', format: 'histdata-m1', text: HISTORY_M1 }),
      bad: () => input({ instrument: 'EURUSD', format: 'histdata-m1', text: `${HISTORY_M1}x\n` }),
    },
    [c.adminSaveCategoryEndpoint.path]: {
      ok: () => input({ names: { en: 'Bonds', fr: 'Obligations' }, sort: 9 }),
      bad: () => input({ id: 9_999, names: { en: 'Nothing' }, sort: 1 }),
    },

    // ---- channels ----
    [c.adminChannelsEndpoint.path]: { ok: () => input({}) },
    [c.adminSaveChannelEndpoint.path]: {
      ok: () => input(coinChannel),
      bad: () => input({ ...coinChannel, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' }),
    },
    [c.adminCurrenciesEndpoint.path]: { ok: () => input({}) },
    [c.adminSaveCurrencyEndpoint.path]: {
      ok: () => input(currency),
      bad: () => input({ ...currency, fee_type: 2, draw_rate: '1.5' }),
    },

    // ---- content ----
    [c.adminNewsEndpoint.path]: { ok: () => input({ page: 1 }) },
    [c.adminNewsDetailEndpoint.path]: { ok: async () => ({ input: { id: await article() } }) },
    [c.adminSaveNewsEndpoint.path]: {
      ok: () => input(news()),
      bad: () => input(news(987_654_321)),
    },
    [c.adminRemoveNewsTranslationEndpoint.path]: {
      ok: async () => ({ input: { id: await article(), lang: 'fr' } }),
      bad: async () => ({ input: { id: await article(), lang: 'en' } }),
    },
    [c.adminDeleteNewsEndpoint.path]: {
      ok: async () => ({ input: { id: await article() } }),
      bad: () => input({ id: 987_654_321 }),
    },
    [c.adminAnnouncementsEndpoint.path]: { ok: () => input({}) },
    [c.adminSaveAnnouncementEndpoint.path]: {
      ok: () => input({ lang: 'de', title: 'Hinweis', content: '<p>Kein Service in Nordkorea.</p>' }),
      bad: () => input({ lang: 'de', title: 'Hinweis', content: '<script>alert(1)</script>' }),
    },
    [c.adminBroadcastAnnouncementEndpoint.path]: {
      ok: async () => ({ input: { updated_at: await unsentAnnouncement() } }),
      bad: async () => {
        const version = await unsentAnnouncement();
        await s.core.db.transaction().execute((trx) => s.broadcasts.record(trx, version, null));
        return { input: { updated_at: version } };
      },
    },
    [c.adminAnnouncementBroadcastsEndpoint.path]: { ok: () => input({ page: 1 }) },
    [c.adminTradersEndpoint.path]: { ok: () => input({}) },
    [c.adminSaveTraderEndpoint.path]: {
      ok: () => input(traderInput()),
      bad: () => input({ ...traderInput(), avatar: 'javascript:alert(1)' }),
    },
    [c.adminDeleteTraderEndpoint.path]: {
      ok: async () => ({ input: { id: await trader() } }),
      bad: () => input({ id: 987_654_321 }),
    },
    [c.adminFeedbackEndpoint.path]: { ok: () => input({ status: 0, page: 1 }) },
    [c.adminHandleFeedbackEndpoint.path]: {
      ok: async () => ({ input: { id: await feedback() } }),
      bad: async () => {
        const id = await feedback();
        await s.content.feedback.markFeedbackHandled(id, 1);
        return { input: { id } };
      },
    },

    // ---- settings, outbox, audit ----
    [c.adminSettingsEndpoint.path]: { ok: () => input({}) },
    [c.adminSaveSettingsEndpoint.path]: {
      ok: () => input({ support_email: `help-${randomBytes(3).toString('hex')}@pipwise.example` }),
      bad: () => input({ stop_out_level: '150', margin_call_level: '100' }),
    },
    [c.adminOutboxEndpoint.path]: { ok: () => input({ page: 1 }) },
    [c.adminAuditEndpoint.path]: { ok: () => input({ page: 1 }) },

    // ---- reports (docs/reports.md): reads; the drill-down and CSV files of a house account ----
    ...Object.fromEntries(
      [
        c.adminReportPnlEndpoint,
        c.adminReportRevenueEndpoint,
        c.adminReportFundsEndpoint,
        c.adminReportUsersEndpoint,
        c.adminReportTrialBalanceEndpoint,
        c.adminReportEntriesEndpoint,
        c.adminReportPnlCsvEndpoint,
        c.adminReportRevenueCsvEndpoint,
        c.adminReportFundsCsvEndpoint,
        c.adminReportUsersCsvEndpoint,
        c.adminReportTrialBalanceCsvEndpoint,
        c.adminReportEntriesCsvEndpoint,
      ].map((endpoint) => [
        endpoint.path,
        {
          ok: () =>
            input({ from: '2026-01-01', to: '2026-01-31', tz: 'Asia/Hong_Kong', account: 'fee_revenue' }),
          bad: () =>
            input({ from: '2026-01-31', to: '2026-01-01', tz: 'Asia/Hong_Kong', account: 'fee_revenue' }),
        },
      ]),
    ),

    // ---- operators ----
    [c.adminOperatorsEndpoint.path]: { ok: () => input({}) },
    [c.adminCreateOperatorEndpoint.path]: {
      ok: () =>
        input({
          email: `new-${randomBytes(4).toString('hex')}@ops.example`,
          name: 'New One',
          role: 'content',
          password: 'Fresh-pass-2026',
        }),
      bad: async () => {
        const taken = await createOperator(s, 'content');
        return { input: { email: taken.email, name: 'Twin', role: 'content', password: 'Fresh-pass-2026' } };
      },
    },
    [c.adminSetOperatorRoleEndpoint.path]: {
      ok: async () => ({ input: { id: await other(), role: 'content' } }),
      bad: (caller) => input({ id: caller.id, role: 'content' }),
    },
    [c.adminSetOperatorActiveEndpoint.path]: {
      ok: async () => ({ input: { id: await other(), active: 0 } }),
      bad: (caller) => input({ id: caller.id, active: 0 }),
    },
    [c.adminResetOperatorEndpoint.path]: {
      ok: async () => ({ input: { id: await other(), password: 'Reset-pass-2026' } }),
      bad: async () => ({ input: { id: await other(), password: 'short1' } }),
    },
  };
}

/** Ends an operator session through the API (logout). */
async function adminEnd(t: TestApp, token: string): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: c.adminLogoutEndpoint.path,
    headers: { authorization: token, 'content-type': 'application/json' },
    payload: '{}',
  });
  if ((JSON.parse(res.body) as { code: number }).code !== 1) throw new Error(`logout failed: ${res.body}`);
}
