// @vitest-environment jsdom
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { BottomSheet, SheetClose, SheetTitle } from './bottom-sheet';

const i18n = testI18n();
const view = mountRoot();

/** A page with a button that opens a sheet of a title, a close button and a field. */
function Page({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <button type="button" data-testid="opener" onClick={() => setOpen(true)}>
        open
      </button>
      <BottomSheet open={open} onClose={close}>
        <div>
          <SheetTitle>Choose a period</SheetTitle>
          <SheetClose onClick={close} testId="sheet-close" />
        </div>
        <input data-testid="field" />
      </BottomSheet>
    </>
  );
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
/** antd-mobile's Popup mounts its body a render after it is told to show. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));

async function open(onClose?: () => void) {
  view.render(withProviders(<Page onClose={onClose} />, { i18n }));
  const opener = view.$('opener')!;
  opener.focus();
  act(() => opener.click());
  await settle();
}

describe('a bottom sheet (docs/accessibility.md "Dialogs")', () => {
  it('is a modal dialog named by its title', async () => {
    await open();
    const sheet = dialog()!;
    expect(sheet).not.toBeNull();
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    const title = document.getElementById(sheet.getAttribute('aria-labelledby') ?? '');
    expect(title?.tagName).toBe('H2');
    expect(title?.textContent).toBe('Choose a period');
  });

  it('has a close button named "Close" in the trader’s language', async () => {
    await open();
    const close = document.querySelector<HTMLButtonElement>('[data-testid="sheet-close"]')!;
    expect(close.getAttribute('aria-label')).toBe('Close');
    expect(close.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    await act(() => i18n.changeLanguage('hk'));
    expect(close.getAttribute('aria-label')).toBe('關閉');
    await act(() => i18n.changeLanguage('en'));
  });

  it('takes focus when it opens and gives it back to the opener when closed', async () => {
    await open();
    expect(document.activeElement).toBe(dialog());
    act(() => document.querySelector<HTMLButtonElement>('[data-testid="sheet-close"]')!.click());
    expect(document.activeElement).toBe(view.$('opener'));
  });

  it('closes on Escape pressed inside it', async () => {
    const onClose = vi.fn();
    await open(onClose);
    const field = document.querySelector<HTMLInputElement>('[data-testid="field"]')!;
    field.focus();
    act(() => {
      field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    });
    expect(onClose).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(view.$('opener'));
  });

  it('keeps Tab inside: from the last control back to the first', async () => {
    await open();
    const field = document.querySelector<HTMLInputElement>('[data-testid="field"]')!;
    field.focus();
    act(() => {
      field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }));
    });
    expect(document.activeElement).toBe(document.querySelector('[data-testid="sheet-close"]'));
  });
});
