// @vitest-environment jsdom
import { act, useEffect, useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountRoot } from '@/test/react-root';
import { tabbablesIn, useDialogFocus } from './use-dialog-focus';

const view = mountRoot();
const $ = (id: string) => view.$(id);

/** An opener, a control outside, and a dialog of three controls (the last one closes it). */
function Harness({
  autofocus = false,
  late = false,
  onClose,
}: {
  autofocus?: boolean;
  /** The dialog's content mounts a render after it opens, as an antd-mobile Popup's does. */
  late?: boolean;
  onClose?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const later = setTimeout(() => setShown(open));
    return () => clearTimeout(later);
  }, [open]);
  const ref = useRef<HTMLDivElement>(null);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  useDialogFocus(ref, open, close);
  return (
    <>
      <button type="button" data-testid="opener" onClick={() => setOpen(true)}>
        open
      </button>
      <input data-testid="outside" />
      {open && (!late || shown) ? (
        <div ref={ref} role="dialog" tabIndex={-1} data-testid="dialog">
          <button type="button" data-testid="first">
            first
          </button>
          <input data-testid="middle" data-autofocus={autofocus ? '' : undefined} />
          <button type="button" disabled>
            off
          </button>
          <button type="button" data-testid="last" onClick={close}>
            close
          </button>
        </div>
      ) : null}
    </>
  );
}

/** Opens the dialog the way a person does: focus on the opener, then a tap. */
function open() {
  $('opener')!.focus();
  act(() => $('opener')!.click());
}

/** A key pressed where focus is now; true when nothing prevented its default. */
function press(key: string, shiftKey = false): boolean {
  const target = document.activeElement ?? document.body;
  let went = true;
  act(() => {
    went = target.dispatchEvent(
      new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }),
    );
  });
  return went;
}

/** A few frames: what a late dialog takes to mount, and the hook to find it. */
const frames = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 60)));

describe('useDialogFocus (docs/accessibility.md "Dialogs")', () => {
  it('moves focus into the dialog when it opens, onto the dialog itself', () => {
    view.render(<Harness />);
    open();
    expect(document.activeElement).toBe($('dialog'));
  });

  it('focuses the [data-autofocus] control when the dialog has one', () => {
    view.render(<Harness autofocus />);
    open();
    expect(document.activeElement).toBe($('middle'));
  });

  it('waits for a dialog whose content mounts a render late', async () => {
    view.render(<Harness late />);
    open();
    expect($('dialog')).toBeNull();
    await frames(); // the content mounts
    expect($('dialog')).not.toBeNull();
    await frames(); // the hook's next look finds it
    expect(document.activeElement).toBe($('dialog'));
  });

  it('wraps Tab from the last control to the first, and Shift+Tab back', () => {
    view.render(<Harness />);
    open();
    $('last')!.focus();
    expect(press('Tab')).toBe(false);
    expect(document.activeElement).toBe($('first'));
    expect(press('Tab', true)).toBe(false);
    expect(document.activeElement).toBe($('last'));
    // From the dialog itself (where focus lands), Shift+Tab goes to the last control too.
    $('dialog')!.focus();
    press('Tab', true);
    expect(document.activeElement).toBe($('last'));
  });

  it('leaves Tab between inner controls to the browser', () => {
    view.render(<Harness />);
    open();
    $('first')!.focus();
    expect(press('Tab')).toBe(true);
    $('middle')!.focus();
    expect(press('Tab', true)).toBe(true);
    expect(press('Tab')).toBe(true);
  });

  it('counts only enabled, reachable controls', () => {
    view.render(<Harness />);
    open();
    expect(tabbablesIn($('dialog')!).map((el) => el.dataset.testid)).toEqual(['first', 'middle', 'last']);
  });

  it('closes on Escape and gives focus back to the opener', () => {
    const onClose = vi.fn();
    view.render(<Harness onClose={onClose} />);
    open();
    $('middle')!.focus();
    expect(press('Escape')).toBe(false);
    expect(onClose).toHaveBeenCalledOnce();
    expect($('dialog')).toBeNull();
    expect(document.activeElement).toBe($('opener'));
  });

  it('gives focus back to the opener when a control inside closes it', () => {
    view.render(<Harness />);
    open();
    $('last')!.focus();
    act(() => $('last')!.click());
    expect($('dialog')).toBeNull();
    expect(document.activeElement).toBe($('opener'));
  });

  it('ignores keys pressed outside the dialog (a layer over it keeps its own)', () => {
    const onClose = vi.fn();
    view.render(<Harness onClose={onClose} />);
    open();
    $('outside')!.focus();
    expect(press('Escape')).toBe(true);
    expect(press('Tab')).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    expect($('dialog')).not.toBeNull();
  });

  it('does not take focus back from a control outside that the trader moved to', () => {
    function Outside() {
      const [open, setOpen] = useState(true);
      const ref = useRef<HTMLDivElement>(null);
      useDialogFocus(ref, open);
      return (
        <>
          <input data-testid="elsewhere" />
          <button type="button" data-testid="shut" onClick={() => setOpen(false)}>
            shut
          </button>
          {open ? <div ref={ref} role="dialog" tabIndex={-1} data-testid="dialog" /> : null}
        </>
      );
    }
    view.render(<Outside />);
    expect(document.activeElement).toBe($('dialog'));
    $('elsewhere')!.focus();
    act(() => $('shut')!.click());
    expect(document.activeElement).toBe($('elsewhere'));
  });
});
