import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

const BTC = 26;

/**
 * The order path keeps the groups' terms once read (trading/groups/order-terms.ts): every
 * order reads them, operators change them rarely. What it keeps must never outlive a change
 * (docs/trading-groups.md "Terms an order keeps"); the back office's edits and the cluster's
 * messages drop it (trading-groups.test.ts and cluster.test.ts order through them).
 */
describe.each(DIALECTS)('the order path’s kept group terms (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  const standard = async () =>
    Number(
      (
        await t.services.core.db
          .selectFrom('trading_groups')
          .select('id')
          .where('name', '=', 'Standard')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const termsOnBtc = async (groupId: number) =>
    t.services.trading.terms.onInstrument(
      t.services.core.db,
      groupId,
      t.services.trading.desk.instrument(BTC),
    );
  /** Writes behind the reader's back, as no code path does: only an invalidation shows it. */
  const setRate = (groupId: number, rate: string) =>
    t.services.core.db
      .updateTable('trading_groups')
      .set({ commission_type: 'per_lot', commission_rate: rate, commission_min: '0' })
      .where('id', '=', groupId)
      .execute();

  it('reads a group once and again only after it is told the terms changed', async () => {
    const id = await standard();
    expect((await termsOnBtc(id)).commission).toEqual({ type: 'none', rate: '0', min: '0' });
    await setRate(id, '3.5');
    // Kept: the database was not read again.
    expect((await termsOnBtc(id)).commission.type).toBe('none');
    t.services.trading.terms.invalidate();
    expect((await termsOnBtc(id)).commission).toEqual({ type: 'per_lot', rate: '3.5', min: '0' });
    await setRate(id, '0');
    t.services.trading.terms.invalidate();
  });

  it('keeps nothing while told it cannot hear of changes, and keeps reads again after', async () => {
    const id = await standard();
    const settings = t.services.core.settings;
    t.services.trading.terms.keepReads(false);
    settings.keepReads(false);
    try {
      expect((await termsOnBtc(id)).commission.rate).toBe('0');
      await setRate(id, '2');
      // Read afresh for each order: the change shows without any invalidation.
      expect((await termsOnBtc(id)).commission).toEqual({ type: 'per_lot', rate: '2', min: '0' });
      // A setting written without telling the service, as another instance's write looks here.
      const before = await settings.number('stop_out_level');
      await settings.write(t.services.core.db, 'stop_out_level', String(before + 1));
      expect(await settings.number('stop_out_level')).toBe(before + 1);
      await settings.write(t.services.core.db, 'stop_out_level', String(before));
    } finally {
      t.services.trading.terms.keepReads(true);
      settings.keepReads(true);
    }
    // Kept again: a write behind its back stays unseen until an invalidation.
    expect((await termsOnBtc(id)).commission.rate).toBe('2');
    await setRate(id, '0');
    expect((await termsOnBtc(id)).commission.rate).toBe('2');
    t.services.trading.terms.invalidate();
    await setRate(id, '0');
    expect((await termsOnBtc(id)).commission.rate).toBe('0');
    t.services.trading.terms.invalidate();
  });

  it('does not keep a read that was under way when the terms changed', async () => {
    const id = await standard();
    t.services.trading.terms.invalidate();
    // A read starts (it is waiting for the database) and the change lands meanwhile: what it
    // brings back may be from before the change, so it answers its own order but is not kept.
    const racing = termsOnBtc(id);
    t.services.trading.terms.invalidate();
    await racing;
    await setRate(id, '2');
    expect((await termsOnBtc(id)).commission.rate).toBe('2');
    await setRate(id, '0');
    t.services.trading.terms.invalidate();
  });
});
