// @vitest-environment jsdom
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { SearchField } from './search-field';

const i18n = testI18n();
const view = mountRoot();

function Search({ start = '' }: { start?: string }) {
  const [text, setText] = useState(start);
  return (
    <>
      <SearchField value={text} onChange={setText} placeholder="Search" testId="search" />
      <output data-testid="text">{text}</output>
    </>
  );
}

describe('the search field (docs/accessibility.md "Names")', () => {
  it('has no clear control while empty, and none of antd-mobile’s unnamed ones', () => {
    view.render(withProviders(<Search />, { i18n }));
    expect(view.$('search-clear')).toBeNull();
    expect(view.container.querySelector('.adm-input-clear')).toBeNull();
  });

  it('clears with a button named "Clear", keeping the focus in the field', () => {
    view.render(withProviders(<Search start="btc" />, { i18n }));
    const clear = view.$<HTMLButtonElement>('search-clear')!;
    expect(clear.tagName).toBe('BUTTON');
    expect(clear.getAttribute('aria-label')).toBe('Clear');
    expect(view.container.querySelector('.adm-input-clear')).toBeNull();
    act(() => clear.click());
    expect(view.$('text')!.textContent).toBe('');
    expect(view.$('search-clear')).toBeNull();
    expect(document.activeElement).toBe(view.container.querySelector('input'));
  });

  it('names the clear button in the trader’s language', async () => {
    view.render(withProviders(<Search start="btc" />, { i18n }));
    await act(() => i18n.changeLanguage('ar'));
    expect(view.$('search-clear')!.getAttribute('aria-label')).toBe('مسح');
    await act(() => i18n.changeLanguage('en'));
  });
});
