import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsOf } from '../src/modules/notify/index.js';
import {
  CONFIRMATION_KIND,
  CONFIRMATION_SWITCH_TTL_MS,
  MONTHLY_KIND,
} from '../src/modules/statements/index.js';
import { client, createTestApp, DIALECTS, fundedUser, setQuote, TestClock, type TestApp } from './helper.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { ZONE } from './statement-fixtures.js';

/**
 * The statement e-mails (docs/statements.md "E-mails"): the monthly statement goes once per
 * opted-in trader and month, whatever runs the job and how often; nobody who did not opt in
 * gets one; a trade confirmation is queued in the fill's transaction only when asked for; the
 * PDF arrives attached through a real SMTP server.
 */
describe.each(DIALECTS)('statement e-mails (%s)', (dialect) => {
  let smtp: SmtpSink;
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-11-25T15:00:00Z'));

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(dialect, {
      config: { SMTP_URL: smtp.url },
      services: { now: clock.now },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const setPrefs = (token: string, monthly: 0 | 1, confirmations: 0 | 1, lang = 'en') =>
    client(t.app).post(
      '/v1/api/main/statement/preferences',
      { monthly_email: monthly, trade_confirmations: confirmations, tz: ZONE },
      { token, lang },
    );

  it('keeps both e-mails off until the trader turns them on, and refuses demo accounts', async () => {
    const user = await fundedUser(t.services, 100);
    const read = await client(t.app).get('/v1/api/main/statement/preferences', { token: user.token });
    expect(read.data).toEqual({ monthly_email: 0, trade_confirmations: 0, has_email: true });
    expect((await setPrefs(user.token, 1, 0)).data).toEqual({
      monthly_email: 1,
      trade_confirmations: 0,
      has_email: true,
    });
    expect((await setPrefs(user.token, 1, 'yes' as never)).code).toBe(1001);
    const demo = await fundedUser(t.services, 0);
    await t.services.core.db.updateTable('users').set({ is_demo: 1 }).where('id', '=', demo.userId).execute();
    expect((await setPrefs(demo.token, 1, 1)).code).not.toBe(1);
  });

  it('sends last month’s statement once per opted-in trader, however many runs, and to nobody else', async () => {
    const subscriber = await fundedUser(t.services, 250);
    const other = await fundedUser(t.services, 250);
    await setPrefs(subscriber.token, 1, 0, 'hk');
    await setPrefs(other.token, 0, 1);
    // 1 December, 00:30 in Hong Kong: November is over there.
    clock.value = Date.parse('2026-11-30T16:30:00Z');
    const job = t.services.statements.mail;
    // Two "instances" at once, then a restart's run: one mail.
    await Promise.all([job.queueMonthly(), job.queueMonthly()]);
    await job.queueMonthly();
    const queued = await mailsOf(t.services.core.db, subscriber.userId, MONTHLY_KIND);
    expect(queued.map((m) => JSON.parse(m.payload))).toEqual([{ month: '2026-11' }]);
    expect(await mailsOf(t.services.core.db, other.userId, MONTHLY_KIND)).toEqual([]);

    const before = smtp.received.length;
    await t.services.mailQueue.dispatch();
    await t.services.mailQueue.dispatch();
    const { email } = await t.services.core.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', subscriber.userId)
      .executeTakeFirstOrThrow();
    // The first test's trader opted in too (in November, before it ended): theirs goes as well.
    const mine = smtp.received.slice(before).filter((m) => m.to === email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.data).toContain('Content-Type: application/pdf');
    expect(mine[0]!.data).toContain(`pipwise-statement-${subscriber.userId}-2026-11-01_2026-11-30.pdf`);
    const sent = await mailsOf(t.services.core.db, subscriber.userId, MONTHLY_KIND);
    expect(sent[0]!.status).toBe('sent');
    const outbox = await t.services.core.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', email!)
      .execute();
    expect(outbox.map((o) => o.status)).toEqual(['sent']);
    expect(outbox[0]!.subject).toBe('您的 Pipwise 2026年11月 結單');
  });

  it('queues a trade confirmation with the fill only when the trader asked for it', async () => {
    clock.value = Date.parse('2026-11-25T15:00:00Z');
    const btc = t.services.market.service.instrumentByCode('BTCUSD')!;
    const order = {
      type: 1,
      cont: '0.01',
      forex_id: btc.id,
      status: 1,
      multiple: Math.max(...btc.leverages),
    };
    const wants = await fundedUser(t.services, 1000);
    const doesNot = await fundedUser(t.services, 1000);
    await setPrefs(wants.token, 0, 1);
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
    const opened = await client(t.app).post('/v1/api/forex/submit', order, { token: wants.token });
    expect(opened.code).toBe(1);
    expect((await client(t.app).post('/v1/api/forex/submit', order, { token: doesNot.token })).code).toBe(1);
    const queued = await mailsOf(t.services.core.db, wants.userId, CONFIRMATION_KIND);
    expect(queued.map((m) => JSON.parse(m.payload))).toEqual([{ order: opened.data.Id, event: 'opened' }]);
    expect(await mailsOf(t.services.core.db, doesNot.userId, CONFIRMATION_KIND)).toEqual([]);
    const before = smtp.received.length;
    await t.services.mailQueue.dispatch();
    const mail = smtp.received.slice(before).find((m) => m.data.includes('Trade confirmation'));
    expect(mail?.data).toContain(
      `Your order #${opened.data.Id} was filled: Buy 0.01 lots of BTC/USD at 87530.00`,
    );
  });

  describe('the confirmations switch the fills read', () => {
    const btcOrder = () => {
      const btc = t.services.market.service.instrumentByCode('BTCUSD')!;
      return { type: 1, cont: '0.01', forex_id: btc.id, status: 1, multiple: Math.max(...btc.leverages) };
    };
    const fill = async (token: string) => {
      setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
      const res = await client(t.app).post('/v1/api/forex/submit', btcOrder(), { token });
      expect(res.code).toBe(1);
    };
    const confirmations = async (userId: number) =>
      (await mailsOf(t.services.core.db, userId, CONFIRMATION_KIND)).length;
    /** What a save through another instance of the scaled shape does here: the row changes, nothing else. */
    const savedElsewhere = (userId: number, on: 0 | 1) =>
      t.services.core.db
        .updateTable('statement_preferences')
        .set({ trade_confirmations: on })
        .where('user_id', '=', userId)
        .execute();

    it('never asks for a demo account’s preferences', async () => {
      clock.value = Date.parse('2026-11-25T15:00:00Z');
      const demo = await fundedUser(t.services, 1000);
      await t.services.core.db
        .updateTable('users')
        .set({ is_demo: 1 })
        .where('id', '=', demo.userId)
        .execute();
      // A row the endpoints (real accounts only) never write: were it read, a mail would be queued.
      await t.services.core.db
        .insertInto('statement_preferences')
        .values({
          user_id: demo.userId,
          monthly_email: 0,
          trade_confirmations: 1,
          lang: 'en',
          time_zone: ZONE,
          updated_at: clock.value,
        })
        .execute();
      await fill(demo.token);
      clock.advance(CONFIRMATION_SWITCH_TTL_MS);
      await fill(demo.token);
      expect(await confirmations(demo.userId)).toBe(0);
    });

    it('follows a switch saved here at once, and one saved on another instance within the TTL', async () => {
      clock.value = Date.parse('2026-11-25T15:00:00Z');
      const trader = await fundedUser(t.services, 1000);
      await setPrefs(trader.token, 0, 1);
      await fill(trader.token);
      expect(await confirmations(trader.userId)).toBe(1);

      // Turned off on another instance: this one keeps its reading until the TTL has passed.
      await savedElsewhere(trader.userId, 0);
      await fill(trader.token);
      expect(await confirmations(trader.userId)).toBe(2);
      clock.advance(CONFIRMATION_SWITCH_TTL_MS);
      await fill(trader.token);
      expect(await confirmations(trader.userId)).toBe(2);

      // Turned on, then off, here: each fill after the save follows it.
      await setPrefs(trader.token, 0, 1);
      await fill(trader.token);
      expect(await confirmations(trader.userId)).toBe(3);
      await setPrefs(trader.token, 0, 0);
      await fill(trader.token);
      expect(await confirmations(trader.userId)).toBe(3);
    });
  });
});
