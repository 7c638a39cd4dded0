// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { CopyButton, nameOf } from './copy-button';

const i18n = testI18n();
const view = mountRoot();

describe('the copy button’s name (docs/accessibility.md "Names")', () => {
  it('names an icon by its label', () => {
    expect(nameOf('icon', 'Copy', 'Copy address')).toBe('Copy address');
  });

  it('keeps a label that holds the words shown, else lets the words name it', () => {
    expect(nameOf('text', 'Copy', 'Copy address')).toBe('Copy address');
    expect(nameOf('text', 'copy', 'Copy the link')).toBe('Copy the link');
    expect(nameOf('block', 'Copy link', 'Copy')).toBeUndefined();
  });

  it('shows the caption and is named by it when the label says less', () => {
    view.render(
      withProviders(
        <CopyButton text="https://x.example/r/1" caption="Copy link" variant="block" testId="c" />,
        {
          i18n,
        },
      ),
    );
    const button = view.$('c')!;
    expect(button.hasAttribute('aria-label')).toBe(false);
    expect(button.textContent).toBe('Copy link');
  });

  it('names an icon-only button in the trader’s language', () => {
    view.render(withProviders(<CopyButton text="x" variant="icon" testId="c" />, { i18n }));
    expect(view.$('c')!.getAttribute('aria-label')).toBe('Copy');
    expect(view.$('c')!.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});
