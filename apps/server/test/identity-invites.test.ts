import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadUrl } from '../src/modules/uploads/upload-url.js';
import { createAccount } from '../src/core/money/ledger.repository.js';
import {
  client,
  createTestApp,
  createUserWithSession,
  DIALECTS,
  lastCodeSentTo,
  type TestApp,
} from './helper.js';

/** Identity verification and invites (issue 8 "Identity", "Invites"). */

describe.each(DIALECTS)('identity verification (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let dataDir: string;
  let photo: Buffer;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-identity-test-'));
    t = await createTestApp(dialect, { config: { DATA_DIR: dataDir } });
    api = client(t.app);
    photo = await sharp({ create: { width: 32, height: 20, channels: 3, background: '#eeeeee' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A real user with a wallet and two uploaded photos. */
  async function userWithPhotos() {
    const user = await createUserWithSession(t.services);
    await createAccount(t.services.core.db, user.userId, Date.now(), 'real');
    const store = async () =>
      uploadUrl((await t.services.uploads.receive(user.userId, Readable.from(photo))).name);
    return { ...user, front: await store(), reverse: await store() };
  }

  const submit = (
    user: { token: string; front: string; reverse: string },
    extra: Record<string, string> = {},
  ) =>
    api.post(
      '/api/user_real/real_name',
      {
        name: 'Chan Tai Man',
        card_id: 'A1234567',
        front_pic: user.front,
        reverse_pic: user.reverse,
        ...extra,
      },
      { token: user.token },
    );
  const center = (token: string) => api.get('/api/user_real/center', { token });
  const latestId = async (userId: number) =>
    Number(
      (
        await t.services.core.db
          .selectFrom('identity_verifications')
          .select('id')
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).id,
    );

  it('goes from not submitted to under review to rejected, resubmitted and verified', async () => {
    const user = await userWithPhotos();
    const none = { review_status: 0, name: '', card_id: '', front_pic: '', reverse_pic: '', reason: '' };
    expect((await center(user.token)).data).toEqual(none);

    const submitted = await submit(user);
    expect(submitted.code).toBe(1);
    expect(submitted.msg).toBe('Submitted, your identity is now under review');
    const underReview = {
      review_status: 1,
      name: 'Chan Tai Man',
      card_id: '****4567',
      front_pic: user.front,
      reverse_pic: user.reverse,
      reason: '',
    };
    expect(submitted.data).toEqual(underReview);
    expect((await center(user.token)).data).toEqual(underReview);
    expect(await submit(user)).toEqual({
      code: 2000,
      msg: 'Your identity is already under review',
      data: null,
    });

    const first = await latestId(user.userId);
    const rejected = await t.services.identity.rejectIdentity(first, 7, '  The photo is blurred  ');
    expect(rejected.changed).toBe(true);
    expect(rejected.identity).toMatchObject({ status: 3, reason: 'The photo is blurred' });
    expect(Number(rejected.identity.reviewed_by)).toBe(7);
    expect((await center(user.token)).data).toMatchObject({
      review_status: 3,
      reason: 'The photo is blurred',
    });
    // Rejecting again changes nothing; approving a rejected submission is refused.
    const again = await t.services.identity.rejectIdentity(first, 8, 'Another reason');
    expect(again.changed).toBe(false);
    expect(again.identity.reason).toBe('The photo is blurred');
    await expect(t.services.identity.approveIdentity(first, 7)).rejects.toMatchObject({
      key: 'errors.already_reviewed',
    });

    // Resubmitted after the rejection: a new submission under review.
    const resubmitted = await submit(user, { card_id: 'K 987-654 321' });
    expect(resubmitted.data).toMatchObject({ review_status: 1, card_id: '********* 321', reason: '' });
    const second = await latestId(user.userId);
    expect(second).not.toBe(first);

    const approved = await t.services.identity.approveIdentity(second, 9);
    expect(approved.changed).toBe(true);
    const reviewedAt = approved.identity.reviewed_at;
    // A second approval does not approve twice.
    const twice = await t.services.identity.approveIdentity(second, 10);
    expect(twice.changed).toBe(false);
    expect(twice.identity.reviewed_at).toBe(reviewedAt);
    expect(Number(twice.identity.reviewed_by)).toBe(9);
    expect(
      await t.services.core.db
        .selectFrom('identity_verifications')
        .select('id')
        .where('user_id', '=', user.userId)
        .execute(),
    ).toHaveLength(2);
    await expect(t.services.identity.rejectIdentity(second, 9, 'Too late')).rejects.toMatchObject({
      key: 'errors.already_reviewed',
    });
    expect((await center(user.token)).data).toMatchObject({ review_status: 2, card_id: '********* 321' });
    expect(await submit(user)).toEqual({ code: 2000, msg: 'Your identity is already verified', data: null });
  });

  it('takes only the caller’s own uploads, two different ones, and a plausible document number', async () => {
    const user = await userWithPhotos();
    const stranger = await userWithPhotos();
    const notYours = (field: string) => ({
      code: 2000,
      msg: 'Please upload the image again',
      data: { field },
    });
    expect(await submit(user, { front_pic: stranger.front })).toEqual(notYours('front_pic'));
    expect(await submit(user, { reverse_pic: stranger.reverse })).toEqual(notYours('reverse_pic'));
    expect(await submit(user, { front_pic: 'https://attacker.example/id.jpg' })).toEqual(
      notYours('front_pic'),
    );
    expect(await submit(user, { reverse_pic: user.front })).toEqual({
      code: 2000,
      msg: 'The front and back must be two different photos',
      data: { field: 'reverse_pic' },
    });
    for (const cardId of ['1234', '-12345', 'AB12<script>', 'A'.repeat(41)]) {
      const res = await submit(user, { card_id: cardId });
      expect(res.code, cardId).not.toBe(1);
      expect(res.data.field, cardId).toBe('card_id');
    }
    expect((await submit(user, { name: '' })).data).toEqual({ field: 'name' });
    expect((await center(user.token)).data.review_status).toBe(0);
    expect(
      await t.services.core.db
        .selectFrom('identity_verifications')
        .select('id')
        .where('user_id', '=', user.userId)
        .execute(),
    ).toEqual([]);
  });

  it('shows one user’s identity to nobody else', async () => {
    const user = await userWithPhotos();
    const other = await userWithPhotos();
    expect((await submit(user)).code).toBe(1);
    expect((await center(other.token)).data.review_status).toBe(0);
    // Nor can another user submit with this user's photos.
    expect((await submit(other, { front_pic: user.front, reverse_pic: user.reverse })).code).toBe(2000);
  });

  it('accepts one of several simultaneous submissions', async () => {
    const user = await userWithPhotos();
    const results = await Promise.all(Array.from({ length: 6 }, () => submit(user)));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.msg === 'Your identity is already under review')).toHaveLength(5);
    expect(
      await t.services.core.db
        .selectFrom('identity_verifications')
        .select('id')
        .where('user_id', '=', user.userId)
        .execute(),
    ).toHaveLength(1);
  });

  it('refuses operator decisions on unknown submissions and rejections without a reason', async () => {
    await expect(t.services.identity.approveIdentity(987_654, 1)).rejects.toMatchObject({
      key: 'errors.identity_not_found',
    });
    const user = await userWithPhotos();
    await submit(user);
    const id = await latestId(user.userId);
    await expect(t.services.identity.rejectIdentity(id, 1, '   ')).rejects.toMatchObject({
      key: 'errors.field_required',
    });
    await expect(t.services.identity.rejectIdentity(id, 1, 'x'.repeat(201))).rejects.toMatchObject({
      key: 'errors.field_invalid',
    });
    expect((await center(user.token)).data.review_status).toBe(1);
  });
});

describe.each(DIALECTS)('invites (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let ipCounter = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
    await t.services.core.settings.set('is_show_mobile', '0');
  });
  afterAll(async () => t.close());

  async function register(email: string, inviteCode?: string) {
    const ip = `10.8.0.${++ipCounter}`;
    expect((await api.post('/api/notify/send_email', { to: email, type: 1 }, { ip })).code).toBe(1);
    const code = await lastCodeSentTo(t.services, email);
    const res = await api.post(
      '/api/user/register',
      {
        type: 1,
        account: email,
        password: 'Secret123',
        re_password: 'Secret123',
        sms_code: code,
        invite_code: inviteCode,
      },
      { ip },
    );
    expect(res.code).toBe(1);
  }

  it('reports the caller’s code and how many registered with it', async () => {
    const referrer = await createUserWithSession(t.services);
    const info = await api.get('/api/user/invite_info', { token: referrer.token });
    const own = await t.services.core.db
      .selectFrom('users')
      .select('invite_code')
      .where('id', '=', referrer.userId)
      .executeTakeFirstOrThrow();
    expect(info).toEqual({ code: 1, msg: '', data: { invite_code: own.invite_code, invited_count: 0 } });

    await register('invited-1@example.com', own.invite_code);
    await register('invited-2@example.com', own.invite_code.toLowerCase());
    await register('not-invited@example.com');
    expect((await api.get('/api/user/invite_info', { token: referrer.token })).data).toEqual({
      invite_code: own.invite_code,
      invited_count: 2,
    });

    // An invited user has a code of their own and nobody invited yet.
    const invited = await t.services.core.db
      .selectFrom('users')
      .select(['id', 'invite_code'])
      .where('email', '=', 'invited-1@example.com')
      .executeTakeFirstOrThrow();
    const session = await t.services.auth.sessions.create(Number(invited.id));
    expect((await api.get('/api/user/invite_info', { token: session })).data).toEqual({
      invite_code: invited.invite_code,
      invited_count: 0,
    });
  });
});
