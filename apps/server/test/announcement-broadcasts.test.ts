import * as c from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeTraderIdsAfter, countActiveTraders } from '../src/modules/auth/index.js';
import { AnnouncementBroadcasts, type Inbox } from '../src/modules/notify/index.js';
import { adminClient, auditCount, createOperator } from './admin-fixtures.js';
import {
  client,
  createTestApp,
  createUserWithSession,
  DIALECTS,
  fundedUser,
  type TestApp,
} from './helper.js';

/**
 * The announcement sent to the traders' inboxes (docs/notifications.md "Announcements"): an
 * operator's explicit send records a broadcast and returns; a job claimed by one instance
 * writes one notice per trader, in batches whose cursor commits with their notices, so a
 * crash resumes where it stopped and two instances never write a trader twice.
 */
describe.each(DIALECTS)('announcements in the inbox (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  const admin = () => adminClient(t.app);
  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
  });
  afterAll(async () => t.close());

  const db = () => t.services.core.db;
  /** Every active trader, in id order: the ones a broadcast's cursor walks. */
  const activeIds = async () =>
    (await db().selectFrom('users').select('id').where('status', '=', 'active').orderBy('id').execute()).map(
      (r) => Number(r.id),
    );
  /** Active traders who keep announcements on: the ones a broadcast writes to. */
  const traders = async () => {
    const off = new Set(
      (
        await db()
          .selectFrom('notice_switches')
          .select('user_id')
          .where('kind', '=', 'announcement')
          .where('channel', '=', 'inbox')
          .execute()
      ).map((r) => Number(r.user_id)),
    );
    const rows = await db()
      .selectFrom('users')
      .select('id')
      .where('status', '=', 'active')
      .orderBy('id')
      .execute();
    return rows.map((r) => Number(r.id)).filter((id) => !off.has(id));
  };
  /** Per trader, how many notices of this broadcast they got. */
  const written = async (broadcastId: number) => {
    const rows = await db()
      .selectFrom('notices')
      .select(['user_id', 'data'])
      .where('kind', '=', 'announcement')
      .execute();
    const count = new Map<number, number>();
    for (const r of rows) {
      if ((JSON.parse(r.data) as { broadcast_id: number }).broadcast_id !== broadcastId) continue;
      count.set(Number(r.user_id), (count.get(Number(r.user_id)) ?? 0) + 1);
    }
    return count;
  };
  const broadcastRow = (id: number) =>
    db().selectFrom('announcement_broadcasts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** A broadcast recorded as the operator's send records it (the version must be new). */
  let version = 1_000;
  const recorded = async () => {
    version += 1;
    const sent = await db()
      .transaction()
      .execute((trx) => t.services.broadcasts.record(trx, version, null));
    return sent!.id;
  };
  const job = (o: { owner: string; now?: () => number; inbox?: Inbox; batchSize?: number }) =>
    new AnnouncementBroadcasts({
      db: db(),
      inbox: o.inbox ?? t.services.inbox,
      traders: activeTraderIdsAfter,
      countTraders: countActiveTraders,
      log: t.services.core.log,
      now: o.now ?? t.services.core.now,
      batchSize: o.batchSize ?? 2,
      owner: o.owner,
    });
  const saveAnnouncement = async (token: string, title: string) => {
    const saved = await admin().call(
      c.adminSaveAnnouncementEndpoint,
      { lang: 'en', title, content: '<p>No service in North Korea.</p>' },
      { token },
    );
    expect(saved.code).toBe(1);
    const list = await admin().call(c.adminAnnouncementsEndpoint, {}, { token });
    return Math.max(...(list.data as { updated_at: number }[]).map((a) => a.updated_at));
  };

  it("the operator's send writes one notice per trader, none to one who switched it off, and queues push", async () => {
    const on = await fundedUser(t.services, 0);
    const off = await fundedUser(t.services, 0);
    const demo = await createUserWithSession(t.services, { is_demo: 1 });
    const frozen = await createUserWithSession(t.services, { status: 'frozen' });
    expect(
      (await api.post('/v1/api/inbox/switch', { kind: 'announcement', enabled: '0' }, { token: off.token }))
        .data,
    ).toMatchObject({ announcement: 0, deposit: 1 });
    // On by default, in the inbox and for push.
    expect((await api.get('/v1/api/inbox/settings', { token: on.token })).data).toMatchObject({
      announcement: 1,
    });
    const browser = await db()
      .insertInto('push_subscriptions')
      .values({
        user_id: on.userId,
        endpoint: `https://fcm.googleapis.com/fcm/send/${dialect}-announcement`,
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
        lang: 'en',
        show_amounts: 0,
        created_at: t.services.core.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const content = await createOperator(t.services, 'content');
    const updatedAt = await saveAnnouncement(content.token, 'Service notice');
    const heard: number[] = [];
    const unsubscribe = t.services.inbox.bus.subscribe((userId, wrote) => {
      if (wrote) heard.push(userId);
    });
    const sent = await admin().call(
      c.adminBroadcastAnnouncementEndpoint,
      { updated_at: updatedAt },
      { token: content.token },
    );
    expect(sent.code).toBe(1);
    expect(sent.msg).toBe('Sent. Traders will find the announcement in their inbox shortly.');
    const id = sent.data.id as number;
    expect(sent.data).toMatchObject({ announcement_at: updatedAt });
    // It returned at once: nothing written until the job runs.
    expect((await written(id)).size).toBe(0);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'announcement.broadcast')
      .execute();
    expect(audit.map((a) => a.object_id)).toEqual([String(id)]);

    expect(await t.services.broadcasts.dispatch()).toBe(1);
    unsubscribe();
    const count = await written(id);
    const expected = await traders();
    expect(expected).not.toContain(off.userId);
    expect([...count.keys()].sort((a, b) => a - b)).toEqual(expected);
    expect([...count.values()].every((n) => n === 1)).toBe(true);
    expect(count.has(off.userId)).toBe(false);
    expect(count.has(frozen.userId)).toBe(false);
    expect(count.get(demo.userId)).toBe(1);
    expect(heard.sort((a, b) => a - b)).toEqual(expected);
    // Everybody active was gone through (counted when sent); the one who switched it off got none.
    const active = (await activeIds()).length;
    expect(await broadcastRow(id)).toMatchObject({
      written: expected.length,
      reached: active,
      total: active,
    });
    expect(Number((await broadcastRow(id)).done_at)).toBeGreaterThan(0);

    const list = (await api.get('/v1/api/inbox/list', { token: on.token })).data;
    expect(list.data[0]).toMatchObject({
      kind: 'announcement',
      data: { broadcast_id: id, updated_at: updatedAt },
      read: 0,
    });
    const pushes = await db()
      .selectFrom('push_outbox')
      .selectAll()
      .where('subscription_id', '=', Number(browser.id))
      .execute();
    expect(pushes.map((p) => [Number(p.notice_id), p.status])).toEqual([[list.data[0].id, 'pending']]);

    // The same version again: refused, nothing recorded; the job has nothing left to do.
    const again = await admin().call(
      c.adminBroadcastAnnouncementEndpoint,
      { updated_at: updatedAt },
      { token: content.token },
    );
    expect(again.code).toBe(c.ResultCode.BusinessRule);
    expect(again.msg).toBe('This version of the announcement was already sent to traders');
    expect(await t.services.broadcasts.dispatch()).toBe(0);
    expect((await written(id)).get(on.userId)).toBe(1);
  });

  /** The back office's list of sends (GET /api/admin/announcement/broadcasts), page 1 unless told. */
  const sends = async (token: string, page?: number) => {
    const answer = await admin().call(c.adminAnnouncementBroadcastsEndpoint, page ? { page } : {}, { token });
    expect(answer.code, answer.body).toBe(1);
    return answer.data as { data: c.AdminAnnouncementSend[]; total: number };
  };

  it("the list of sends shows each one's progress: queued, sending, then done, counts right", async () => {
    const off = await fundedUser(t.services, 0);
    await api.post('/v1/api/inbox/switch', { kind: 'announcement', enabled: '0' }, { token: off.token });
    const content = await createOperator(t.services, 'content');
    const updatedAt = await saveAnnouncement(content.token, 'Progress check');
    const sent = await admin().call(
      c.adminBroadcastAnnouncementEndpoint,
      { updated_at: updatedAt },
      { token: content.token },
    );
    expect(sent.code).toBe(1);
    const id = sent.data.id as number;
    const audience = await activeIds();
    const receivers = await traders();
    // A trader who switched announcements off is gone through but gets no notice.
    expect(receivers.length).toBeLessThan(audience.length);
    expect(audience.length).toBeGreaterThan(3);

    // Recorded, nobody works it yet: queued, with the traders it is to go through counted.
    const audited = await auditCount(t.services);
    const before = await sends(content.token);
    // Reading is no action: nothing in the audit log.
    expect(await auditCount(t.services)).toBe(audited);
    expect(before.data[0]).toEqual({
      id,
      created_at: sent.data.created_at,
      created_by: content.id,
      created_by_email: content.email,
      announcement_at: updatedAt,
      state: 'queued',
      reached: 0,
      written: 0,
      total: audience.length,
      done_at: null,
    });
    // Newest first, and every earlier send of this suite is there and done.
    expect(before.total).toBe(
      (await db().selectFrom('announcement_broadcasts').select('id').execute()).length,
    );
    expect(before.data.map((b) => b.id)).toEqual([...before.data.map((b) => b.id)].sort((a, b) => b - a));
    expect(before.data.slice(1).every((b) => b.state === 'done' && b.done_at !== null)).toBe(true);

    // An instance writes one batch of two, then dies in the second: sending, two gone through.
    let writes = 0;
    const dying = {
      bus: t.services.inbox.bus,
      write: (...args: Parameters<Inbox['write']>) => {
        if (args[4]?.broadcastId === id && ++writes === 3) throw new Error('the instance died');
        return t.services.inbox.write(...args);
      },
      announce: (userId: number) => t.services.inbox.announce(userId),
    } as unknown as Inbox;
    let clock = t.services.core.now();
    const now = () => clock;
    await expect(job({ owner: 'a', inbox: dying, now }).dispatch()).rejects.toThrow('the instance died');
    const firstTwo = audience.slice(0, 2);
    const midway = (await sends(content.token)).data[0]!;
    expect(midway).toMatchObject({
      id,
      state: 'sending',
      reached: 2,
      written: firstTwo.filter((u) => receivers.includes(u)).length,
      total: audience.length,
      done_at: null,
    });
    expect(midway.written).toBe((await written(id)).size);

    // Another instance takes it over once the lease ran out, and finishes it.
    clock += 60_001;
    expect(await job({ owner: 'b', now }).dispatch()).toBe(1);
    const after = await sends(content.token);
    expect(after.total).toBe(before.total);
    expect(after.data[0]).toEqual({
      ...before.data[0],
      state: 'done',
      reached: audience.length,
      written: receivers.length,
      done_at: clock,
    });
    expect((await written(id)).size).toBe(receivers.length);
  });

  it('pages the sends twenty at a time, newest first', async () => {
    const admin0 = await createOperator(t.services, 'admin');
    const have = (await sends(admin0.token)).total;
    for (let i = have; i < 21; i++) await recorded();
    const first = await sends(admin0.token, 1);
    const second = await sends(admin0.token, 2);
    expect(first.total).toBeGreaterThanOrEqual(21);
    expect(first.data).toHaveLength(c.ADMIN_PAGE_SIZE);
    expect(second.total).toBe(first.total);
    expect(second.data).toHaveLength(first.total - c.ADMIN_PAGE_SIZE);
    const ids = [...first.data, ...second.data].map((b) => b.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    // A send recorded without an operator (the job's own tests) names nobody.
    expect(first.data[0]).toMatchObject({ created_by: null, created_by_email: null, state: 'queued' });
    // Finish them, so the next tests start with nothing due.
    await t.services.broadcasts.dispatch();
    expect((await sends(admin0.token)).data.every((b) => b.state === 'done')).toBe(true);
  });

  it('refuses a bad page with the envelope naming the field', async () => {
    const content = await createOperator(t.services, 'content');
    for (const page of ['0', '-1', 'two', '1.5', '0x2', '100001', ['1', '2']]) {
      const answer = await admin().call(
        c.adminAnnouncementBroadcastsEndpoint,
        { page },
        { token: content.token },
      );
      expect(answer.status, JSON.stringify(page)).toBeLessThan(500);
      expect(answer, JSON.stringify(page)).toMatchObject({
        code: c.ResultCode.InvalidParams,
        msg: 'page is not valid',
        data: { field: 'page' },
      });
    }
  });

  it('lists the sends to content operators and admins only', async () => {
    for (const role of ['content', 'admin'] as const) {
      const op = await createOperator(t.services, role);
      expect(
        (await admin().call(c.adminAnnouncementBroadcastsEndpoint, { page: 1 }, { token: op.token })).code,
      ).toBe(1);
    }
    for (const role of ['finance', 'support'] as const) {
      const op = await createOperator(t.services, role);
      expect(
        await admin().call(c.adminAnnouncementBroadcastsEndpoint, { page: 1 }, { token: op.token }),
        role,
      ).toMatchObject({
        code: c.ResultCode.Forbidden,
        msg: 'Your role does not allow this action',
        data: null,
      });
    }
    const trader = await fundedUser(t.services, 0);
    for (const token of [trader.token, undefined]) {
      expect(
        await admin().call(c.adminAnnouncementBroadcastsEndpoint, { page: 1 }, token ? { token } : {}),
      ).toMatchObject({ code: c.ResultCode.SessionExpired, data: null });
    }
  });

  it('a version other than the newest is refused; so are bad inputs, with the envelope', async () => {
    const content = await createOperator(t.services, 'content');
    const updatedAt = await saveAnnouncement(content.token, 'Another notice');
    const before = await db().selectFrom('announcement_broadcasts').select('id').execute();
    const stale = await admin().call(
      c.adminBroadcastAnnouncementEndpoint,
      { updated_at: updatedAt - 1 },
      { token: content.token },
    );
    expect(stale.code).toBe(c.ResultCode.BusinessRule);
    expect(stale.msg).toMatch(/changed after you opened this page/);
    for (const bad of [{}, { updated_at: 'soon' }, { updated_at: -5 }, { updated_at: updatedAt, extra: 1 }]) {
      const answer = await admin().call(c.adminBroadcastAnnouncementEndpoint, bad, { token: content.token });
      expect(answer.code, JSON.stringify(bad)).toBe(c.ResultCode.InvalidParams);
      expect(answer.msg).not.toBe('');
    }
    expect(await db().selectFrom('announcement_broadcasts').select('id').execute()).toEqual(before);
  });

  it('refuses a trader, an operator without the permission, and no session', async () => {
    const content = await createOperator(t.services, 'content');
    const updatedAt = await saveAnnouncement(content.token, 'Permission check');
    const before = await db().selectFrom('announcement_broadcasts').select('id').execute();
    const input = { updated_at: updatedAt };
    for (const role of ['finance', 'support'] as const) {
      const op = await createOperator(t.services, role);
      expect(
        (await admin().call(c.adminBroadcastAnnouncementEndpoint, input, { token: op.token })).code,
      ).toBe(c.ResultCode.Forbidden);
    }
    const trader = await fundedUser(t.services, 0);
    expect(
      (await admin().call(c.adminBroadcastAnnouncementEndpoint, input, { token: trader.token })).code,
    ).not.toBe(1);
    expect((await admin().call(c.adminBroadcastAnnouncementEndpoint, input)).code).not.toBe(1);
    expect(await db().selectFrom('announcement_broadcasts').select('id').execute()).toEqual(before);
  });

  it('resumes after a crash mid-fan-out: nobody twice, everybody once', async () => {
    for (let i = 0; i < 5; i++) await createUserWithSession(t.services);
    const all = await traders();
    expect(all.length).toBeGreaterThan(6);
    const id = await recorded();
    // Instance A dies at its fifth notice: two batches of two committed, the third rolled back.
    let writes = 0;
    const dying = {
      bus: t.services.inbox.bus,
      write: (...args: Parameters<Inbox['write']>) => {
        writes += 1;
        if (writes === 5) throw new Error('the instance died');
        return t.services.inbox.write(...args);
      },
      announce: (userId: number) => t.services.inbox.announce(userId),
    } as unknown as Inbox;
    let clock = t.services.core.now();
    const now = () => clock;
    await expect(job({ owner: 'a', inbox: dying, now }).dispatch()).rejects.toThrow('the instance died');
    const cursor = (await activeIds())[3]!;
    const committed = all.filter((u) => u <= cursor);
    expect([...(await written(id)).keys()].sort((x, y) => x - y)).toEqual(committed);
    expect(Number((await broadcastRow(id)).last_user_id)).toBe(cursor);

    // Its lease holds: another instance leaves the broadcast alone until it expires.
    const b = job({ owner: 'b', now });
    expect(await b.dispatch()).toBe(0);
    expect((await written(id)).size).toBe(committed.length);
    clock += 60_001;
    expect(await b.dispatch()).toBe(1);
    const count = await written(id);
    expect([...count.keys()].sort((x, y) => x - y)).toEqual(all);
    expect([...count.values()].every((n) => n === 1)).toBe(true);
    expect(await broadcastRow(id)).toMatchObject({
      written: all.length,
      reached: (await activeIds()).length,
      lease_owner: 'b',
    });
  });

  it('two instances racing on one broadcast write each trader once', async () => {
    const all = await traders();
    for (const batchSize of [2, 3]) {
      const id = await recorded();
      await Promise.all([
        job({ owner: 'x', batchSize }).dispatch(),
        job({ owner: 'y', batchSize }).dispatch(),
        job({ owner: 'z', batchSize }).dispatch(),
      ]);
      const count = await written(id);
      expect([...count.keys()].sort((x, y) => x - y)).toEqual(all);
      expect([...count.values()].every((n) => n === 1)).toBe(true);
    }
  });

  it('an instance that lost its lease writes nothing more; the database refuses a second notice', async () => {
    const all = await traders();
    const id = await recorded();
    let clock = t.services.core.now();
    const now = () => clock;
    // Slow instance A claimed it, then stalled; B took over once A's lease had expired.
    const row = await broadcastRow(id);
    const slow = job({ owner: 'slow', now });
    expect(
      await db()
        .updateTable('announcement_broadcasts')
        .set({ lease_owner: 'slow', lease_until: clock + 60_000 })
        .where('id', '=', row.id)
        .executeTakeFirst(),
    ).toBeDefined();
    clock += 60_001;
    expect(await job({ owner: 'fast', now }).dispatch()).toBe(1);
    // A wakes and tries its due list: nothing is due, and its lease is gone anyway.
    expect(await slow.dispatch()).toBe(0);
    const count = await written(id);
    expect([...count.keys()].sort((x, y) => x - y)).toEqual(all);
    expect([...count.values()].every((n) => n === 1)).toBe(true);
    await expect(
      db()
        .transaction()
        .execute((trx) =>
          t.services.inbox.write(
            trx,
            all[0]!,
            'announcement',
            { broadcast_id: id, updated_at: 1 },
            { broadcastId: id },
          ),
        ),
    ).rejects.toThrow();
    expect((await written(id)).get(all[0]!)).toBe(1);
  });
});
