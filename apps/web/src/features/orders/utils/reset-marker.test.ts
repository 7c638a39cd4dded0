import { describe, expect, it } from 'vitest';
import { isBeforeReset } from './reset-marker';

const RESET = 1_764_134_613_000;

describe('isBeforeReset', () => {
  it('marks orders closed before the reset or by it', () => {
    expect(isBeforeReset({ CompletedAt: RESET - 1, CloseReason: 'manual' }, RESET)).toBe(true);
    expect(isBeforeReset({ CompletedAt: RESET, CloseReason: 'demo_reset' }, RESET)).toBe(true);
    // Cancelled pending orders of the reset carry the reason too.
    expect(isBeforeReset({ CompletedAt: RESET - 5_000, CloseReason: 'demo_reset' }, RESET)).toBe(true);
  });
  it('leaves orders closed since the reset, and everything when there was none', () => {
    expect(isBeforeReset({ CompletedAt: RESET, CloseReason: 'manual' }, RESET)).toBe(false);
    expect(isBeforeReset({ CompletedAt: RESET + 60_000, CloseReason: 'tp' }, RESET)).toBe(false);
    expect(isBeforeReset({ CompletedAt: 5, CloseReason: 'manual' }, 0)).toBe(false);
  });
});
