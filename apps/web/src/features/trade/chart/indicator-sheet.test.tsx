// @vitest-environment jsdom
import { act, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { forgetChartPrefs } from './chart-prefs';
import IndicatorSheet from './indicator-sheet';

// The indicators' sheet is a named modal dialog (docs/accessibility.md "Dialogs").
const i18n = testI18n();
const view = mountRoot();
afterEach(() => {
  localStorage.clear();
  forgetChartPrefs();
});

const $ = (testId: string) => document.body.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
/** antd-mobile's Popup mounts its body a render after it is told to show. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));

function Toolbar() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" data-testid="opener" onClick={() => setOpen(true)}>
        Indicators
      </button>
      <IndicatorSheet open={open} onClose={() => setOpen(false)} />
    </>
  );
}

async function openSheet() {
  view.render(withProviders(<Toolbar />, { i18n }));
  const opener = $('opener')!;
  opener.focus();
  act(() => opener.click());
  await settle();
  return opener;
}

describe('the indicators’ sheet', () => {
  it('is a modal dialog named by its title, with a close button named Close', async () => {
    await openSheet();
    const sheet = $('indicator-sheet')!.closest<HTMLElement>('[role="dialog"]');
    expect(sheet?.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(sheet?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      'Indicators',
    );
    expect($('indicator-sheet-close')!.getAttribute('aria-label')).toBe('Close');
    expect(sheet?.contains(document.activeElement)).toBe(true);
  });

  it('keeps Tab inside and gives focus back to the toolbar when closed', async () => {
    const opener = await openSheet();
    const close = $('indicator-sheet-close')!;
    close.focus();
    act(() => {
      close.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, cancelable: true }),
      );
    });
    // From the first control back round to the last, still in the sheet.
    const sheet = $('indicator-sheet')!.closest('[role="dialog"]')!;
    expect(document.activeElement).not.toBe(close);
    expect(sheet.contains(document.activeElement)).toBe(true);
    act(() => close.click());
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape, giving focus back', async () => {
    const opener = await openSheet();
    act(() => {
      document.activeElement!.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
      );
    });
    expect(document.activeElement).toBe(opener);
  });
});
