import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Toasts start under the top bar of every screen, so they never cover a page's title or its
 * back button (styles/global.css). Read from the style sheets themselves: a taller bar, or
 * toasts moved back up, fail here. The notch (safe-area inset) is left at 0: it adds to both.
 */
const src = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

const globalCss = src('styles/global.css');
const rootVars = new Map(
  [...(/:root\s*{([^}]*)}/.exec(globalCss)?.[1] ?? '').matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [
    m[1]!,
    m[2]!.trim(),
  ]),
);

/** A length written with px, var(--…) of :root, env(…) (0 here) and `calc(a + b)`, in px. */
function px(value: string): number {
  const plain = value
    .replace(/env\([^)]*\)/g, '0px')
    .replace(/var\((--[\w-]+)\)/g, (_, name: string) => `${px(rootVars.get(name) ?? 'NaN')}px`)
    .replace(/^calc\((.*)\)$/s, '$1');
  return plain
    .split('+')
    .reduce((sum, term) => sum + Number(/^\s*(-?[\d.]+)px\s*$/.exec(term)?.[1] ?? NaN), 0);
}

/** The value of `property` in the first rule whose selector contains `selector`. */
function declared(css: string, selector: string, property: string): string {
  const rule = [...css.matchAll(/([^{}]+){([^}]*)}/g)].find((m) => m[1]!.includes(selector));
  const value = new RegExp(`(?:^|[;\\s])${property}:\\s*([^;]+);`).exec(rule?.[2] ?? '')?.[1];
  if (!value) throw new Error(`${selector} { ${property} } not found`);
  return value.trim();
}

const toastTop = px(declared(globalCss, '.adm-toast-main-text', 'top').replace(/\s*!important$/, ''));

describe('toasts', () => {
  it('start below the inner pages’ nav bar (its title and back button)', () => {
    const nav = src('components/page-nav.module.css');
    const bar = px(declared(nav, '.row', '--height')) + 1; // + its bottom border
    expect(toastTop).toBeGreaterThan(bar);
  });

  it('start below the home header', () => {
    const home = src('app/routes/home.module.css');
    expect(toastTop).toBeGreaterThan(px(declared(home, '.page', '--pw-header-height')));
  });

  it('start below the trade screen’s pair (its title)', () => {
    const trade = src('features/trade/components/trade-header.module.css');
    // padding-block: <top> <bottom>, the top a calc() with the notch in it.
    const [, paddingTop] = /^(calc\((?:[^()]|\([^()]*\))*\)|\S+)/.exec(
      declared(trade, '.header', 'padding-block'),
    )!;
    const top = px(paddingTop!);
    expect(toastTop).toBeGreaterThan(top + px(declared(trade, '.pairButton', 'min-block-size')));
  });
});
