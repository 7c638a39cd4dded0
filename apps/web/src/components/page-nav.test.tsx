// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { PageNav } from './page-nav';

const i18n = testI18n();
const view = mountRoot();

const render = (node: ReactNode) => view.render(withProviders(<MemoryRouter>{node}</MemoryRouter>, { i18n }));

describe('the inner pages’ top bar (docs/accessibility.md "Names")', () => {
  it('has one named back button and no control wrapped in another', () => {
    render(<PageNav title="Account detail" right={<button type="button">Statement</button>} />);
    const back = view.$('nav-back')!;
    expect(back.tagName).toBe('BUTTON');
    expect(back.getAttribute('aria-label')).toBe('Back');
    expect(back.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    // antd-mobile's NavBar wrapped it in a role="button" (axe: nested-interactive).
    expect(view.container.querySelectorAll('[role="button"]')).toHaveLength(0);
    for (const control of view.container.querySelectorAll('button')) {
      expect(control.parentElement?.closest('button, [role="button"]')).toBeNull();
    }
    expect(view.container.textContent).toContain('Account detail');
  });

  it('leaves the start empty on a tab root, with no unnamed control there', () => {
    render(<PageNav title="Orders" backable={false} />);
    expect(view.$('nav-back')).toBeNull();
    expect(view.container.querySelectorAll('button, [role="button"]')).toHaveLength(0);
  });
});
