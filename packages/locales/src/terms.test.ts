import { describe, expect, it } from 'vitest';
import { messages } from './index.js';

type Tree = { [key: string]: string | Tree };

const texts = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : texts(value)));

/**
 * One word for one thing in Hong Kong Chinese: 賬 (Hong Kong's standard form, as in 賬戶,
 * 已入賬, 賬目), never Taiwan's 帳; a margin call is 追加保證金, never 追收保證金.
 */
describe('Hong Kong Chinese keeps its terms', () => {
  const hk = texts(messages.hk);
  it.each([
    ['帳', '賬'],
    ['追收保證金', '追加保證金'],
  ])('never %s (it writes %s)', (avoided) => {
    expect(hk.filter((text) => text.includes(avoided))).toEqual([]);
  });
});
