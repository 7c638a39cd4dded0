import { describe, expect, it } from 'vitest';
import { Flag } from '@/lib/codes';
import { t } from '@/test/english';
import { aBookHelp, aBookInput, aBookText, nextABook, offersABook } from './a-book';

describe('routing a trader to the liquidity provider', () => {
  const real = { a_book: Flag.Off, is_demo: Flag.Off };
  const routed = { a_book: Flag.On, is_demo: Flag.Off };

  it('offers the opposite of the present routing', () => {
    expect(nextABook(real)).toBe(Flag.On);
    expect(nextABook(routed)).toBe(Flag.Off);
    expect(aBookText(t, nextABook(real))).toBe('Route to provider (A-book)');
    expect(aBookText(t, nextABook(routed))).toBe('Stop A-book routing');
    expect(aBookHelp(t, Flag.On)).toContain('every order goes to the liquidity provider');
    expect(aBookHelp(t, Flag.Off)).toContain("each instrument's own mode decides again");
  });

  it('never offers A-book to a demo trader, only the way back', () => {
    expect(offersABook(real)).toBe(true);
    expect(offersABook({ a_book: Flag.Off, is_demo: Flag.On })).toBe(false);
    expect(offersABook({ a_book: Flag.On, is_demo: Flag.On })).toBe(true);
  });

  it('sends the reason only when one was written', () => {
    expect(aBookInput(7, Flag.On, '')).toEqual({ id: 7, a_book: 1 });
    expect(aBookInput(7, Flag.Off, 'Flow is small')).toEqual({ id: 7, a_book: 0, reason: 'Flow is small' });
  });
});
