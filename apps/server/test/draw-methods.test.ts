import { microUsd } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOwnMethod, hasPendingWithdrawal } from '../src/modules/wallet/methods/draw-method.repository.js';
import { MAX_METHODS_PER_TYPE } from '../src/modules/wallet/methods/draw-method.service.js';
import { createAccount } from '../src/core/money/ledger.repository.js';
import { client, createTestApp, createUserWithSession, DIALECTS, type TestApp } from './helper.js';

/** Bound payout accounts (issue 8 "Bound accounts"): checks per network, bank fields, ownership. */

const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const EIP55_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe.each(DIALECTS)('bound payout accounts (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let me: { userId: number; token: string };
  let other: { userId: number; token: string };
  /** Seeded withdraw currencies by name. */
  const cur = { trc20: 0, erc20: 0, usd: 0, eur: 0 };

  /** A real user with a wallet, as registration makes one. */
  async function realUser() {
    const user = await createUserWithSession(t.services);
    await createAccount(t.services.core.db, user.userId, Date.now(), 'real');
    return user;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
    me = await realUser();
    other = await realUser();
    const rows = await t.services.core.db.selectFrom('withdraw_currencies').selectAll().execute();
    const id = (code: string, protocol: string) =>
      Number(rows.find((r) => r.code === code && r.protocol === protocol)!.id);
    cur.trc20 = id('USDT', 'TRC20');
    cur.erc20 = id('USDT', 'ERC20');
    cur.usd = id('USD', '');
    cur.eur = id('EUR', '');
  });
  afterAll(async () => t.close());

  const bind = (form: Record<string, string | number | undefined>, token = me.token) =>
    api.post('/api/wallet/bind_draw_method', form, { token });
  const list = (query: string, token = me.token) =>
    api.get(`/api/wallet/get_draw_method?${query}`, { token });
  const del = (id: number, token = me.token) => api.post('/api/wallet/del_draw_method', { id }, { token });

  it('binds a TRC20 address checked by its checksum, and lists it with its currency', async () => {
    expect((await list('draw_type=1')).data).toEqual([]);
    const bound = await bind({ type: 1, draw_id: cur.trc20, dc_address: TRC20_ADDRESS });
    expect(bound.code).toBe(1);
    expect(bound.msg).toBe('Payment account saved');
    expect(bound.data).toMatchObject({
      type: 1,
      dc_address: TRC20_ADDRESS,
      bank_name: '',
      payee_account: '',
      draw_currency: { id: cur.trc20, code: 'USDT', protocol: 'TRC20' },
    });
    const listed = await list('draw_type=1');
    expect(listed.data).toEqual([bound.data]);
    expect((await list(`draw_type=1&draw_id=${cur.erc20}`)).data).toEqual([]);
    expect((await list(`draw_type=1&draw_id=${cur.trc20}`)).data).toEqual([bound.data]);
    expect((await list('draw_type=2')).data).toEqual([]);

    // The same address again for the same currency.
    expect((await bind({ type: 1, draw_id: cur.trc20, dc_address: TRC20_ADDRESS })).msg).toBe(
      'This account is already saved',
    );
  });

  it('refuses addresses that are not of the currency’s network or fail their checksum', async () => {
    const refused = (network: string) => ({
      code: 2000,
      msg: `This is not a valid ${network} address, please check it`,
      data: { field: 'dc_address' },
    });
    // One character changed.
    expect(
      await bind({ type: 1, draw_id: cur.trc20, dc_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' }),
    ).toEqual(refused('TRC20'));
    expect(await bind({ type: 1, draw_id: cur.trc20, dc_address: EIP55_ADDRESS })).toEqual(refused('TRC20'));
    expect(await bind({ type: 1, draw_id: cur.erc20, dc_address: TRC20_ADDRESS })).toEqual(refused('ERC20'));
    // Mixed case with a broken EIP-55 checksum.
    expect(
      await bind({ type: 1, draw_id: cur.erc20, dc_address: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }),
    ).toEqual(refused('ERC20'));
    expect(await bind({ type: 1, draw_id: cur.erc20 })).toEqual({
      code: 2000,
      msg: 'dc_address is required',
      data: { field: 'dc_address' },
    });
  });

  it('stores an ERC20 address in its EIP-55 spelling, so another case is the same account', async () => {
    const bound = await bind({ type: 1, draw_id: cur.erc20, dc_address: EIP55_ADDRESS.toLowerCase() });
    expect(bound.data.dc_address).toBe(EIP55_ADDRESS);
    expect((await bind({ type: 1, draw_id: cur.erc20, dc_address: EIP55_ADDRESS })).msg).toBe(
      'This account is already saved',
    );
  });

  it('checks the currency: it must exist, be enabled and be of the same type', async () => {
    const unknown = { code: 2000, msg: 'This withdrawal currency is not available', data: null };
    expect(await bind({ type: 1, draw_id: 99_999, dc_address: TRC20_ADDRESS })).toEqual(unknown);
    expect(
      await bind({ type: 2, draw_id: cur.trc20, bank_name: 'B', payee_name: 'P', payee_account: '1' }),
    ).toEqual({ code: 2000, msg: 'This currency cannot be paid to this kind of account', data: null });
    await t.services.core.db
      .updateTable('withdraw_currencies')
      .set({ enabled: 0 })
      .where('id', '=', cur.erc20)
      .execute();
    try {
      expect(
        await bind({ type: 1, draw_id: cur.erc20, dc_address: '0x52908400098527886E0F7030069857D2E4169EE7' }),
      ).toEqual(unknown);
    } finally {
      await t.services.core.db
        .updateTable('withdraw_currencies')
        .set({ enabled: 1 })
        .where('id', '=', cur.erc20)
        .execute();
    }
  });

  it('binds a bank account with its required fields and a well-formed SWIFT code', async () => {
    const bank = {
      type: 2,
      draw_id: cur.usd,
      bank_name: 'Example Bank',
      payee_name: 'Ann Lee',
      payee_account: 'GB29 NWBK 6016 1331 9268 19',
    };
    for (const field of ['bank_name', 'payee_name', 'payee_account'] as const) {
      expect(await bind({ ...bank, [field]: '' })).toEqual({
        code: 2000,
        msg: `${field} is required`,
        data: { field },
      });
    }
    for (const swift of ['ABC', 'EXAMUS3', 'EXAMUS33X', 'EXAM1S33', 'EXAMUS33-XX']) {
      const res = await bind({ ...bank, bank_swift: swift });
      expect(res.data?.field, swift).toBe('bank_swift');
      expect(res.code, swift).not.toBe(1);
    }
    expect(await bind({ ...bank, bank_name: 'Example\nBank' })).toEqual({
      code: 2000,
      msg: 'bank_name is not valid',
      data: { field: 'bank_name' },
    });
    // Longer than the contract allows: refused at the edge.
    expect((await bind({ ...bank, payee_account: '1'.repeat(65) })).code).toBe(1001);

    const bound = await bind({ ...bank, bank_swift: 'examus33xxx', bank_address: '1 Main St' });
    expect(bound.code).toBe(1);
    expect(bound.data).toMatchObject({
      type: 2,
      dc_address: '',
      bank_name: 'Example Bank',
      bank_address: '1 Main St',
      bank_swift: 'EXAMUS33XXX',
      payee_name: 'Ann Lee',
      payee_account: 'GB29 NWBK 6016 1331 9268 19',
      draw_currency: { id: cur.usd, code: 'USD', protocol: '' },
    });
    // A fiat currency without a payment channel can still be bound (withdrawing to it is refused).
    const eur = await bind({ ...bank, draw_id: cur.eur, payee_account: 'DE89 3704 0044 0532 0130 00' });
    expect(eur.code).toBe(1);
    expect((await list('draw_type=2')).data.map((m: { id: number }) => m.id)).toEqual([
      eur.data.id,
      bound.data.id,
    ]);
  });

  it('keeps one user’s accounts invisible and untouchable to another', async () => {
    const mine = (await list('draw_type=1')).data as { id: number }[];
    expect(mine.length).toBeGreaterThan(0);
    expect((await list('draw_type=1', other.token)).data).toEqual([]);
    expect((await list('draw_type=2', other.token)).data).toEqual([]);
    for (const { id } of mine) {
      expect(await del(id, other.token)).toEqual({
        code: 2000,
        msg: 'Payment account not found',
        data: null,
      });
      expect(await findOwnMethod(t.services.core.db, other.userId, id)).toBeUndefined();
      expect(await findOwnMethod(t.services.core.db, me.userId, id)).toBeDefined();
    }
    expect((await list('draw_type=1')).data).toEqual(mine);
  });

  it('refuses to delete an account a withdrawal under review pays to, then deletes it softly', async () => {
    const bound = await bind({
      type: 1,
      draw_id: cur.trc20,
      dc_address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
    });
    const id = bound.data.id as number;
    const withdrawal = await t.services.core.db
      .insertInto('withdrawals')
      .values({
        user_id: me.userId,
        draw_currency_id: cur.trc20,
        draw_method_id: id,
        type: 1,
        amount: microUsd(50_000_000),
        fee: microUsd(1_000_000),
        real_number: '49.00',
        usd_price: '1',
        status: 0,
        address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await hasPendingWithdrawal(t.services.core.db, id)).toBe(true);
    expect(await del(id)).toEqual({
      code: 2000,
      msg: 'This account is used by a withdrawal under review and cannot be deleted yet',
      data: null,
    });
    expect((await list('draw_type=1')).data.map((m: { id: number }) => m.id)).toContain(id);

    // Paid: the withdrawal no longer holds the account.
    await t.services.core.db
      .updateTable('withdrawals')
      .set({ status: 1 })
      .where('id', '=', withdrawal.id)
      .execute();
    expect(await hasPendingWithdrawal(t.services.core.db, id)).toBe(false);
    expect(await del(id)).toEqual({ code: 1, msg: 'Payment account deleted', data: null });
    expect((await list('draw_type=1')).data.map((m: { id: number }) => m.id)).not.toContain(id);
    expect(await findOwnMethod(t.services.core.db, me.userId, id)).toBeUndefined();
    // The row stays for the withdrawals that used it.
    const row = await t.services.core.db
      .selectFrom('withdraw_methods')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(await del(id)).toEqual({ code: 2000, msg: 'Payment account not found', data: null });
    // Deleted, it can be bound again.
    expect(
      (await bind({ type: 1, draw_id: cur.trc20, dc_address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' })).code,
    ).toBe(1);
  });

  it(`keeps at most ${MAX_METHODS_PER_TYPE} accounts of a type per user`, async () => {
    const user = await realUser();
    for (let i = 0; i < MAX_METHODS_PER_TYPE; i++) {
      const res = await bind(
        { type: 2, draw_id: cur.usd, bank_name: 'Bank', payee_name: 'Payee', payee_account: `ACC-${i}` },
        user.token,
      );
      expect(res.code).toBe(1);
    }
    expect(
      await bind(
        { type: 2, draw_id: cur.usd, bank_name: 'Bank', payee_name: 'Payee', payee_account: 'ACC-X' },
        user.token,
      ),
    ).toEqual({
      code: 2000,
      msg: `You can save at most ${MAX_METHODS_PER_TYPE} accounts of this kind`,
      data: null,
    });
    // Coin addresses count apart.
    expect((await bind({ type: 1, draw_id: cur.trc20, dc_address: TRC20_ADDRESS }, user.token)).code).toBe(1);
  });
});
