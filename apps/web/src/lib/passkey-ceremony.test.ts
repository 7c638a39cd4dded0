// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError } from '@pipwise/client';
import { passkeyProblem } from './passkey-ceremony';

const t = ((key: string) => key) as unknown as TFunction;
const named = (name: string) => Object.assign(new Error('device said no'), { name });

describe('passkeyProblem', () => {
  it('says nothing more for a refusal the server gave (the api client showed it)', () => {
    expect(
      passkeyProblem(new ApiError('business', 'Sign-in with this passkey failed', 2000), t),
    ).toBeUndefined();
  });

  it('tells a closed or timed-out prompt apart from a device that already holds a passkey', () => {
    expect(passkeyProblem(named('NotAllowedError'), t)).toBe('passkey.cancelled');
    expect(passkeyProblem(named('AbortError'), t)).toBe('passkey.cancelled');
    expect(passkeyProblem(named('InvalidStateError'), t)).toBe('errors.passkey_exists');
    expect(passkeyProblem(named('SecurityError'), t)).toBe('errors.passkey_not_verified');
    expect(passkeyProblem('junk', t)).toBe('errors.passkey_not_verified');
  });
});
