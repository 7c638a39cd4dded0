import { Dec } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { distanceText } from './ticket-format';

const t = (key: 'ticket.pips' | 'ticket.points', { value }: { value: string }) =>
  key === 'ticket.pips' ? `${value} pips` : `${value} points`;
/** The figure as an isolated run (lib/bidi.ts). */
const run = (text: string) => `\u2066${text}\u2069`;

describe('distance of a stop from the entry', () => {
  it('pips with one decimal for currency pairs, whole grouped points otherwise', () => {
    expect(distanceText(t, { pips: new Dec('50'), points: new Dec('500') })).toBe(`${run('50.0')} pips`);
    expect(distanceText(t, { pips: new Dec('2.5'), points: new Dec('25') })).toBe(`${run('2.5')} pips`);
    expect(distanceText(t, { pips: null, points: new Dec('12000') })).toBe(`${run('12,000')} points`);
  });
});
