import { lots, points } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../market/index.js';
import {
  decimalPrice,
  exactLotsOfUnits,
  limitPoints,
  lotsOfUnits,
  providerPoints,
  rawPoints,
  traderPoints,
  unitsOf,
} from './venue-terms.js';

const EURUSD = {
  precision: 5,
  contractSize: '100000',
  lotStep: lots('0.01'),
  markupPoints: 5,
  maxSlippagePoints: 20,
} as Instrument;
const BTCUSD = {
  precision: 2,
  contractSize: '1',
  lotStep: lots('0.01'),
  markupPoints: 0,
  maxSlippagePoints: 500,
} as Instrument;

describe('venue terms', () => {
  it('turns lots into units and a fill back into lots, exactly, down to the lot step', () => {
    expect(unitsOf(EURUSD, lots('0.1'))).toBe('10000');
    expect(unitsOf(BTCUSD, lots('0.03'))).toBe('0.03');
    expect(lotsOfUnits(EURUSD, '15000')).toBe('0.15');
    expect(lotsOfUnits(EURUSD, '15999')).toBe('0.15');
    expect(exactLotsOfUnits(EURUSD, '15999')).toBe('0.15999');
    expect(lotsOfUnits(BTCUSD, '0.005')).toBe('0.00');
  });

  it('takes the markup off the trader’s side for the provider’s price and adds the slippage against the trader', () => {
    // Markup 5: 2 off the bid, 3 on the ask.
    expect(rawPoints(EURUSD, 1, points(115_813), 0)).toBe(115_810);
    expect(rawPoints(EURUSD, 2, points(115_798), 0)).toBe(115_800);
    expect(limitPoints(EURUSD, 1, points(115_813), 0)).toBe(115_830);
    expect(limitPoints(EURUSD, 2, points(115_798), 0)).toBe(115_780);
    expect(traderPoints(3, 1, points(115_811))).toBe(115_814);
    expect(traderPoints(2, 2, points(115_799))).toBe(115_797);
    expect(decimalPrice(EURUSD, points(115_830))).toBe('1.15830');
  });

  it('takes a group’s markup off as well: 3 of the group’s 7 off the bid, 4 on the ask', () => {
    expect(rawPoints(EURUSD, 1, points(115_817), 7)).toBe(115_810);
    expect(rawPoints(EURUSD, 2, points(115_795), 7)).toBe(115_800);
    expect(limitPoints(EURUSD, 1, points(115_817), 7)).toBe(115_830);
    expect(limitPoints(EURUSD, 2, points(115_795), 7)).toBe(115_780);
  });

  it('rounds a provider’s average price to the nearest point, a tie against the trader', () => {
    expect(providerPoints(EURUSD, 1, '1.158105')).toBe(115_811);
    expect(providerPoints(EURUSD, 2, '1.158105')).toBe(115_810);
    expect(providerPoints(EURUSD, 1, '1.1581049')).toBe(115_810);
    expect(providerPoints(EURUSD, 2, '1.1581051')).toBe(115_811);
    expect(providerPoints(BTCUSD, 1, '87525.05')).toBe(8_752_505);
  });
});
