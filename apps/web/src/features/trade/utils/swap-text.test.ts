import { Dec } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { testI18n } from '@/test/react-root';
import { rateTone, swapNightLine, swapRateText, tripleDayText, type SwapTranslate } from './swap-text';

const i18n = testI18n();
const tIn =
  (lng: 'en' | 'hk' | 'ar'): SwapTranslate =>
  (key, values) =>
    i18n.getFixedT(lng)(key, values ?? {});
/** The isolates (lib/bidi.ts) are invisible: drop them to read the text. */
const plain = (text: string) => text.replace(/[\u2066\u2069]/g, '');

describe('a swap rate with its unit', () => {
  it('shows points per lot with the sign, at least two decimals and at most four', () => {
    const t = tIn('en');
    expect(plain(swapRateText(t, '-6.5', 'points'))).toBe('-6.50 points');
    expect(plain(swapRateText(t, '1.25', 'points'))).toBe('+1.25 points');
    expect(plain(swapRateText(t, '-0.1234', 'points'))).toBe('-0.1234 points');
    expect(plain(swapRateText(t, '-12000', 'points'))).toBe('-12,000.00 points');
    expect(plain(swapRateText(t, '0', 'points'))).toBe('0.00 points');
  });

  it('shows a percent-a-year rate as such', () => {
    expect(plain(swapRateText(tIn('en'), '-5.5', 'percent_per_year'))).toBe('-5.50% a year');
    expect(plain(swapRateText(tIn('hk'), '-5.5', 'percent_per_year'))).toBe('每年 -5.50%');
    // The % belongs to the figure: one isolated run with it.
    expect(swapRateText(tIn('ar'), '2', 'percent_per_year')).toBe('\u2066+2.00%\u2069 سنويًا');
  });

  it('keeps the signed figure one isolated left-to-right run inside an Arabic sentence', () => {
    const text = swapRateText(tIn('ar'), '-6.5', 'points');
    expect(text).toContain('\u2066-6.50\u2069');
    expect(text).toMatch(/نقطة/);
  });

  it('colours a charge down and a payment up', () => {
    expect([rateTone('-6.5'), rateTone('1.2'), rateTone('0')]).toEqual(['down', 'up', 'flat']);
  });
});

describe('the triple-swap day', () => {
  it('names the rollover that counts three nights, or says every day counts one', () => {
    const t = tIn('en');
    expect(tripleDayText(t, 'wednesday')).toBe('Wednesday ×3');
    expect(tripleDayText(t, 'friday')).toBe('Friday ×3');
    expect(tripleDayText(t, 'none')).toBe('None: one night each day');
    expect(tripleDayText(tIn('hk'), 'wednesday')).toBe('星期三 ×3');
  });
});

describe('the ticket’s overnight line', () => {
  const t = tIn('en');
  const wednesday = { tripleDay: 'wednesday' } as const;

  it('says what a night costs, signed, to the cent, with the triple day under it', () => {
    const line = swapNightLine(t, new Dec('-6.504999'), wednesday, 'USD')!;
    expect(plain(line.value)).toBe('-6.50 USD a night');
    expect(line.note).toBe('×3 on Wednesday');
    expect(line.tone).toBe('down');
    // Half a cent rounds away from zero, as every amount of the app does.
    expect(plain(swapNightLine(t, new Dec('-0.125'), wednesday, 'USD')!.value)).toBe('-0.13 USD a night');
  });

  it('says what a night earns when the rate pays the trader', () => {
    const line = swapNightLine(t, new Dec('0.5'), { tripleDay: 'friday' }, 'USD')!;
    expect(plain(line.value)).toBe('earns +0.50 USD a night');
    expect(line.note).toBe('×3 on Friday');
    expect(line.tone).toBe('up');
  });

  it('says none for less than half a cent either way, rather than "0.00"', () => {
    for (const night of ['0', '-0.004', '0.0049']) {
      expect(swapNightLine(t, new Dec(night), { tripleDay: 'none' }, 'USD')).toEqual({
        value: 'None',
        note: 'Same every day',
        tone: 'flat',
      });
    }
  });

  it('is left out without terms or a figure', () => {
    expect(swapNightLine(t, null, wednesday, 'USD')).toBeNull();
    expect(swapNightLine(t, undefined, wednesday, 'USD')).toBeNull();
    expect(swapNightLine(t, new Dec('-1'), undefined, 'USD')).toBeNull();
  });

  it('keeps the amount whole inside the Arabic phrase', () => {
    const line = swapNightLine(tIn('ar'), new Dec('0.1'), wednesday, 'USD')!;
    expect(line.value).toContain('\u2066+0.10 USD\u2069');
    expect(line.value).toMatch(/تربح/);
  });
});
