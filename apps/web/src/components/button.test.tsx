// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { Button } from './button';

const i18n = testI18n();
const view = mountRoot();

/** The name a screen reader gives the button: its text, without what is aria-hidden. */
function nameOf(button: HTMLElement): string {
  const copy = button.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((el) => el.remove());
  return button.getAttribute('aria-label') ?? (copy.textContent ?? '').trim();
}

describe('the app’s button (docs/accessibility.md "Names")', () => {
  it('keeps a name while it loads: "Loading…" in the trader’s language', () => {
    view.render(
      withProviders(
        <Button loading data-testid="save">
          Save
        </Button>,
        { i18n },
      ),
    );
    const button = view.$('save')!;
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(nameOf(button)).toBe('Loading…');
    expect(button.querySelector('.pw-sr-only')?.textContent).toBe('Loading…');
  });

  it('is named by its text otherwise', () => {
    view.render(
      withProviders(
        <Button color="primary" data-testid="save">
          Save
        </Button>,
        { i18n },
      ),
    );
    expect(nameOf(view.$('save')!)).toBe('Save');
  });
});
