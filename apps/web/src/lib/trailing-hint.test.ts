import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '@/test/react-root';
import { trailingValue } from './decimal-text';
import { trailingHint } from './trailing-hint';

const t: TFunction = testI18n().t;

const plain = (s: string) => s.replace(/[\u2066-\u2069]/g, '');

describe('a trailing stop as typed (docs/notifications.md "Trailing stops")', () => {
  it('reads whole points; empty or 0 is none; anything else is refused', () => {
    expect(trailingValue('')).toBeUndefined();
    expect(trailingValue(' 0 ')).toBeUndefined();
    expect(trailingValue('500')).toBe(500);
    for (const bad of ['1.5', '-3', '1e3', 'abc', '12345678901'])
      expect(trailingValue(bad), bad).toBe('invalid');
  });

  it('says the distance in the pair’s price, or what the field does while empty', () => {
    expect(plain(trailingHint(t, '500', 5))).toBe('Follows the price at 0.00500');
    expect(plain(trailingHint(t, '2500', 2))).toBe('Follows the price at 25.00');
    expect(trailingHint(t, '', 5)).toBe(t('trading.trailing_hint'));
  });
});
