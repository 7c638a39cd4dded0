import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION_ENDED_CLOSE_CODE } from '../src/realtime/hub.js';
import { Probe } from './ws-probe.js';
import {
  client,
  createTestApp,
  createUserWithSession,
  DIALECTS,
  lastCodeSentTo,
  type TestApp,
} from './helper.js';

/** A socket logged in with `token` and subscribed to its private figures. */
async function loggedIn(url: string, token: string): Promise<Probe> {
  const p = await Probe.open(url);
  p.send({ type: 'login', token });
  expect(await p.next((m) => m.type === 'login_result')).toMatchObject({ code: 1 });
  p.send({ type: 'sub', topic: 'FOREX_TRADE' });
  p.send({ type: 'ping' });
  await p.next((m) => m.type === 'pong');
  return p;
}

/** The close code and how long after `since` the socket closed (fails after 3 s). */
function closed(p: Probe, since: () => number): Promise<{ code: number; afterMs: number }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket stayed open')), 3000);
    p.ws.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, afterMs: Date.now() - since() });
    });
  });
}

/** Waits until the socket has closed, or `ms` passed; true when it closed. */
async function closesWithin(p: Probe, ms: number): Promise<boolean> {
  if (p.ws.readyState === WebSocket.CLOSED) return true;
  return Promise.race([
    new Promise<boolean>((resolve) => p.ws.once('close', () => resolve(true))),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

describe.each(DIALECTS)('sockets follow their session (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let api: ReturnType<typeof client>;
  let ipCounter = 0;
  const ip = () => `10.70.0.${++ipCounter}`;

  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { hub: { flushMs: 20 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    t.services.hub.start();
    const { port } = t.app.server.address() as AddressInfo;
    url = `ws://127.0.0.1:${port}/v1/ws?lang=en`;
    api = client(t.app);
  });
  afterAll(async () => t.close());

  it('logs out and closes the socket of a session that logs out, within a second', async () => {
    const { token } = await createUserWithSession(t.services);
    const p = await loggedIn(url, token);
    let sentAt = 0;
    const done = closed(p, () => sentAt);
    sentAt = Date.now();
    expect((await api.post('/api/user/logout', {}, { token })).code).toBe(1);
    const { code, afterMs } = await done;
    expect(code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(afterMs).toBeLessThan(1000);
    expect(p.messages.find((m) => m.type === 'login_result')).toEqual({
      type: 'login_result',
      code: 999,
      msg: 'You have been logged out, please log in again',
    });
    expect(t.services.hub.size).toBe(0);
  });

  it('closes every socket of the user after a password reset, within a second', async () => {
    const email = `reset-${dialect}@example.com`;
    const first = await createUserWithSession(t.services, { email });
    const second = { token: await t.services.auth.sessions.create(first.userId) };
    const a = await loggedIn(url, first.token);
    const b = await loggedIn(url, second.token);
    // Another user's socket is not touched.
    const bystander = await loggedIn(url, (await createUserWithSession(t.services)).token);

    expect((await api.post('/api/notify/send_email', { to: email, type: 2 }, { ip: ip() })).code).toBe(1);
    const code = await lastCodeSentTo(t.services, email);
    let sentAt = 0;
    const closes = [closed(a, () => sentAt), closed(b, () => sentAt)];
    sentAt = Date.now();
    const reset = await api.post('/api/user/forget_password', {
      type: 1,
      account: email,
      new_password: 'Brand9new',
      secondary_password: 'Brand9new',
      auth_code: code,
    });
    expect(reset.code).toBe(1);
    for (const c of await Promise.all(closes)) {
      expect(c.code).toBe(SESSION_ENDED_CLOSE_CODE);
      expect(c.afterMs).toBeLessThan(1000);
    }
    bystander.send({ type: 'ping' });
    await bystander.next((m) => m.type === 'pong');
    expect(bystander.ws.readyState).toBe(WebSocket.OPEN);
    bystander.ws.close();
  });

  it('keeps the socket of the session that changed the password and closes the others', async () => {
    const email = `amend-${dialect}@example.com`;
    const here = await createUserWithSession(t.services, { email });
    const elsewhere = await t.services.auth.sessions.create(here.userId);
    const mine = await loggedIn(url, here.token);
    const theirs = await loggedIn(url, elsewhere);

    expect(
      (await api.post('/api/notify/send_email', { type: 3 }, { token: here.token, ip: ip() })).code,
    ).toBe(1);
    const code = await lastCodeSentTo(t.services, email);
    const res = await api.post(
      '/api/user/amend_password',
      { type: 1, new_password: 'Changed99', secondary_password: 'Changed99', auth_code: code },
      { token: here.token },
    );
    expect(res.code).toBe(1);
    expect(await closesWithin(theirs, 1000)).toBe(true);
    mine.send({ type: 'ping' });
    await mine.next((m) => m.type === 'pong');
    expect(mine.ws.readyState).toBe(WebSocket.OPEN);
    // Still logged in: private topics are still allowed.
    mine.send({ type: 'sub', topic: 'FOREX_CLOSED' });
    mine.send({ type: 'ping' });
    await mine.next((m) => m.type === 'pong');
    expect(mine.messages.filter((m) => m.type === 'error')).toEqual([]);
    mine.ws.close();
  });

  it('closes the sockets of a frozen user at once when the freeze ends their sessions', async () => {
    const { userId, token } = await createUserWithSession(t.services);
    const p = await loggedIn(url, token);
    await t.services.core.db
      .updateTable('users')
      .set({ status: 'frozen' })
      .where('id', '=', userId)
      .execute();
    await t.services.auth.sessions.endAllSessions(userId);
    expect(await closesWithin(p, 1000)).toBe(true);
  });

  it('finds sessions ended elsewhere (another instance, a freeze in the database) at the periodic check', async () => {
    const revoked = await createUserWithSession(t.services);
    const frozen = await createUserWithSession(t.services);
    const live = await createUserWithSession(t.services);
    const sockets = {
      revoked: await loggedIn(url, revoked.token),
      frozen: await loggedIn(url, frozen.token),
      live: await loggedIn(url, live.token),
    };
    // Written straight to the database: no event reaches this process.
    await t.services.core.db
      .updateTable('sessions')
      .set({ revoked_at: Date.now() })
      .where('user_id', '=', revoked.userId)
      .execute();
    await t.services.core.db
      .updateTable('users')
      .set({ status: 'frozen' })
      .where('id', '=', frozen.userId)
      .execute();
    expect(await closesWithin(sockets.revoked, 200)).toBe(false);

    expect(await t.services.hub.checkSessions()).toBe(2);
    expect(await closesWithin(sockets.revoked, 1000)).toBe(true);
    expect(await closesWithin(sockets.frozen, 1000)).toBe(true);
    sockets.live.send({ type: 'ping' });
    await sockets.live.next((m) => m.type === 'pong');
    expect(sockets.live.ws.readyState).toBe(WebSocket.OPEN);
    sockets.live.ws.close();
  });

  it('ends the older session of a demo device that comes back, and its socket', async () => {
    const first = await api.get('/api/user/createAccountDemoForU');
    const p = await loggedIn(url, first.data.token);
    const again = await api.get(`/api/user/createAccountDemoForU?demo_id=${first.data.demo_id}`);
    expect(again.data.user.id).toBe(first.data.user.id);
    expect(await closesWithin(p, 1000)).toBe(true);
    await loggedIn(url, again.data.token).then((q) => q.ws.close());
  });
});
