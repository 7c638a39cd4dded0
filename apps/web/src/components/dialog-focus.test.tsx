// @vitest-environment jsdom
import '@/lib/antd-react19';
import { Modal } from 'antd-mobile';
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mountRoot } from '@/test/react-root';
import { alertDialog, confirmDialog, DialogFocus } from './dialog-focus';

const view = mountRoot();
/** antd-mobile's popups mount and animate over a few frames. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 80)));
/** The dialog named `label` (a closed one may still be sliding away in the page). */
const dialogNamed = (label: string) =>
  [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
    (d) => d.getAttribute('aria-label') === label,
  );
const buttonIn = (box: HTMLElement | undefined, text: string) =>
  [...(box?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find((b) => b.textContent === text)!;

describe('confirmDialog (docs/accessibility.md "Dialogs")', () => {
  async function ask(label: string) {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmDialog({
        label,
        content: label,
        confirmText: 'Delete',
        cancelText: 'Cancel',
      });
    });
    await settle();
    return { opener, answer };
  }

  it('is a modal dialog with its name, holding the focus', async () => {
    const { opener } = await ask('Delete this alert?');
    const box = dialogNamed('Delete this alert?');
    expect(box?.getAttribute('aria-modal')).toBe('true');
    expect(box?.contains(document.activeElement)).toBe(true);
    act(() => buttonIn(box, 'Cancel').click());
    await settle();
    opener.remove();
  });

  it('answers true on the confirming button and false on Cancel', async () => {
    const yes = await ask('Delete the first?');
    act(() => buttonIn(dialogNamed('Delete the first?'), 'Delete').click());
    await expect(yes.answer).resolves.toBe(true);
    await settle();
    const no = await ask('Delete the second?');
    act(() => buttonIn(dialogNamed('Delete the second?'), 'Cancel').click());
    await expect(no.answer).resolves.toBe(false);
    await settle();
    yes.opener.remove();
    no.opener.remove();
  });

  it('answers false on Escape, and focus goes back to what opened it', async () => {
    const { opener, answer } = await ask('Remove this passkey?');
    const box = dialogNamed('Remove this passkey?')!;
    act(() => {
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    });
    await expect(answer).resolves.toBe(false);
    // Once it has slid away and unmounted, focus is back where it was.
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 1000)));
    expect(dialogNamed('Remove this passkey?')).toBeUndefined();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});

describe('alertDialog (docs/accessibility.md "Dialogs")', () => {
  const alertNamed = (label: string) =>
    [...document.querySelectorAll<HTMLElement>('[role="alertdialog"]')].find(
      (d) => d.getAttribute('aria-label') === label,
    );

  async function tell(label: string) {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    let closed: Promise<void> = Promise.resolve();
    act(() => {
      closed = alertDialog({ label, title: label, content: <p>2 positions closed</p>, confirmText: 'OK' });
    });
    await settle();
    return { opener, closed };
  }

  it('is a modal alert dialog named by its title, with focus on its button', async () => {
    const { opener, closed } = await tell('Positions closed');
    const box = alertNamed('Positions closed');
    expect(box?.getAttribute('aria-modal')).toBe('true');
    expect(box?.querySelector('.adm-dialog-title')?.textContent).toBe('Positions closed');
    expect(document.activeElement).toBe(buttonIn(box, 'OK'));
    // Tab stays on its one button.
    act(() => {
      document.activeElement!.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }),
      );
    });
    expect(document.activeElement).toBe(buttonIn(box, 'OK'));
    act(() => buttonIn(box, 'OK').click());
    await expect(closed).resolves.toBeUndefined();
    // Once it has slid away and unmounted, focus is back on what opened it.
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 1000)));
    expect(alertNamed('Positions closed')).toBeUndefined();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('closes on Escape and gives focus back', async () => {
    const { opener, closed } = await tell('Part closed');
    act(() => {
      document.activeElement!.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
      );
    });
    await expect(closed).resolves.toBeUndefined();
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 1000)));
    expect(alertNamed('Part closed')).toBeUndefined();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});

describe('confirmDialog with closeOnMaskClick', () => {
  it('answers false on a tap outside the box', async () => {
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirmDialog({
        label: 'Do you want to log out?',
        content: 'Do you want to log out?',
        confirmText: 'Log out',
        cancelText: 'Cancel',
        closeOnMaskClick: true,
      });
    });
    await settle();
    const masks = document.querySelectorAll<HTMLElement>('.adm-center-popup-mask, .adm-mask');
    act(() => masks[masks.length - 1]!.click());
    await expect(answer).resolves.toBe(false);
    // Gone before the next test: nothing of it animates after the file ends.
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 1000)));
  });
});

describe('DialogFocus in an antd-mobile Modal', () => {
  function Page() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" data-testid="opener" onClick={() => setOpen(true)}>
          open
        </button>
        <Modal
          visible={open}
          content={
            open ? (
              <DialogFocus label="Order opened" onEscape={() => setOpen(false)}>
                <p>Order opened</p>
              </DialogFocus>
            ) : null
          }
          actions={[{ key: 'stay', text: 'Continue trading', onClick: () => setOpen(false) }]}
        />
      </>
    );
  }

  it('makes the Modal’s box a named modal dialog and returns focus when it closes', async () => {
    view.render(<Page />);
    const opener = view.$('opener')!;
    opener.focus();
    act(() => opener.click());
    await settle();
    const box = dialogNamed('Order opened');
    expect(box?.classList.contains('adm-center-popup-wrap')).toBe(true);
    expect(box?.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(box);
    act(() => buttonIn(box, 'Continue trading').click());
    expect(document.activeElement).toBe(opener);
  });
});
