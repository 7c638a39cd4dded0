import { describe, expect, it } from 'vitest';
import { isSessionScopedQuery } from './session-queries';

describe('isSessionScopedQuery', () => {
  it('keeps public data across a change of user', () => {
    expect(isSessionScopedQuery(['markets', 'trade-list', {}])).toBe(false);
    expect(isSessionScopedQuery(['auth', 'basic-info'])).toBe(false);
    expect(isSessionScopedQuery(['auth', 'area-list', 'en'])).toBe(false);
  });

  it('drops everything else, including features it does not know', () => {
    expect(isSessionScopedQuery(['auth', 'user-info'])).toBe(true);
    expect(isSessionScopedQuery(['orders', 'list', 1])).toBe(true);
    expect(isSessionScopedQuery(['account', 'balance'])).toBe(true);
    expect(isSessionScopedQuery([])).toBe(true);
  });
});
