// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import type { FollowTrader } from '../api/get-follow-list';
import { TraderCard } from './trader-card';

// Copy trading comes later (docs/product.md §1): until then no card offers a dead button.

const i18n = testI18n();

const trader: FollowTrader = {
  id: 7,
  user: 'Mia Chen',
  avatar: '',
  multiple: 100,
  three_week_rate: 12.5,
  three_week_win: 61,
  three_week_profit: 1520.4,
  total_rate: 48.2,
  total_trade_num: 312,
  code: 'MC-7',
};

const view = mountRoot();

describe('a trader in the ranking', () => {
  it('says copy trading is coming, with nothing to tap', () => {
    view.render(withProviders(<TraderCard trader={trader} rank={1} />, { i18n }));
    const card = view.$('trader-card')!;
    expect(view.$('copy-soon')?.textContent).toBe('Copy trading soon');
    expect(card.querySelectorAll('button, a, [role="button"], [tabindex]')).toHaveLength(0);
    expect(card.closest('button')).toBeNull();
    expect(card.textContent).not.toMatch(/\bCopy\b(?! trading soon)/);
  });
});
