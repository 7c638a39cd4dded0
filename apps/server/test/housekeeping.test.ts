import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHousekeeping } from '../src/modules/auth/housekeeping.js';
import { LIMITS } from '../src/modules/auth/throttle.js';
import { createTestApp, createUserWithSession, DIALECTS, TestClock, type TestApp } from './helper.js';

describe.each(DIALECTS)('housekeeping (%s)', (dialect) => {
  let t: TestApp;
  const clock = new TestClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { now: clock.now } });
  });
  afterAll(async () => t.close());

  it('forgets old rate-limit hits, codes and ended sessions, and keeps live ones', async () => {
    const { services } = t;
    await services.auth.throttle.hit(LIMITS.loginIp, 'old');
    await services.auth.codes.issue('old@example.com', 1, '10.0.0.1');
    const ended = await createUserWithSession(services);
    await services.auth.sessions.revoke(ended.token);
    clock.advance(8 * 24 * 3600 * 1000);
    const live = await createUserWithSession(services);
    await services.auth.throttle.hit(LIMITS.loginIp, 'new');

    let failure: unknown;
    const stop = startHousekeeping(
      services.core.db,
      services.auth.throttle,
      clock.now,
      (err) => (failure = err),
    );
    await new Promise((r) => setTimeout(r, 300));
    stop();
    expect(failure).toBeUndefined();
    const hits = await services.core.db.selectFrom('rate_hits').select('key').execute();
    expect(hits.map((h) => h.key)).toEqual(['new']);
    expect(await services.core.db.selectFrom('verification_codes').selectAll().execute()).toEqual([]);
    expect(await services.auth.sessions.resolve(live.token)).not.toBeNull();
    const sessions = await services.core.db.selectFrom('sessions').select('user_id').execute();
    expect(sessions.map((s) => Number(s.user_id))).toEqual([live.userId]);
  });
});
