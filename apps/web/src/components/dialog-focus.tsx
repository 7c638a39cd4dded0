import { Dialog } from 'antd-mobile';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useDialogFocus } from '@/lib/use-dialog-focus';

/** The element of an antd-mobile Dialog or Modal that holds its title, content and buttons. */
const CENTER_POPUP = '.adm-center-popup-wrap';
/** The buttons antd-mobile's Dialog draws under its content. */
const ACTION_BUTTON = '.adm-dialog-footer button';

/**
 * The content of an antd-mobile Dialog or Modal, making that popup a named modal dialog
 * (docs/accessibility.md "Dialogs"): the box around title, content and buttons gets
 * role="dialog", aria-modal and the name `label`, and takes focus as the app's sheets do
 * (lib/use-dialog-focus.ts) — Tab stays inside, Escape calls `onEscape`, focus goes back to
 * what opened it. antd-mobile gives a Dialog's box the role but no name or focus, a Modal's
 * neither; its props reach no further, hence this wrapper inside.
 */
export function DialogFocus({
  label,
  open = true,
  role = 'dialog',
  focusAction = false,
  onEscape,
  children,
}: {
  label: string;
  /** Whether the popup is open, for one whose content stays mounted while closed. */
  open?: boolean;
  /** "alertdialog" for a message the trader must read and acknowledge (alertDialog). */
  role?: 'dialog' | 'alertdialog';
  /** Focus goes to the popup's first button (an alert's OK) rather than its box. */
  focusAction?: boolean;
  onEscape: () => void;
  children: ReactNode;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const box = anchor.current?.closest<HTMLElement>(CENTER_POPUP) ?? null;
    dialog.current = box;
    if (!box) return;
    box.setAttribute('role', role);
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-label', label);
    box.tabIndex = -1;
    // Runs before useDialogFocus's effect, which moves focus to [data-autofocus].
    if (focusAction) box.querySelector(ACTION_BUTTON)?.setAttribute('data-autofocus', '');
  }, [label, role, focusAction]);
  useDialogFocus(dialog, open, onEscape);
  return <div ref={anchor}>{children}</div>;
}

/** What has focus now, to give it back to when an imperative dialog is answered. */
const focused = () => (document.activeElement instanceof HTMLElement ? document.activeElement : null);

/**
 * Gives focus back to what opened an imperative dialog as soon as it is answered, not once it
 * has slid away: a result shown right after then opens from there, and returns there. A
 * control disabled meanwhile (a submission holding its button) cannot take it: the sheet
 * around it does, so focus stays in the sheet that is still open.
 */
function giveFocusBack(opener: HTMLElement | null) {
  if (!opener?.isConnected) return;
  opener.focus({ preventScroll: true });
  if (document.activeElement !== opener)
    opener.closest<HTMLElement>('[role="dialog"]')?.focus({ preventScroll: true });
}

export interface ConfirmOptions {
  /** The dialog's name for screen readers: what is asked, in a few words. */
  label: string;
  title?: ReactNode;
  content: ReactNode;
  confirmText: ReactNode;
  cancelText: ReactNode;
  /** The confirming button in the colour of a loss (deleting, closing, leaving). */
  danger?: boolean;
  /** A tap outside the box answers false (as Cancel). */
  closeOnMaskClick?: boolean;
}

/**
 * Asks to confirm, as antd-mobile's Dialog.confirm does (true on confirm; false on cancel,
 * Escape, or a tap outside the box when `closeOnMaskClick`), as a named modal dialog with its
 * focus kept (DialogFocus).
 */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  const opener = focused();
  return new Promise((resolve) => {
    let answered = false;
    const answer = (yes: boolean) => {
      if (answered) return;
      answered = true;
      giveFocusBack(opener);
      resolve(yes);
      handler.close();
    };
    const handler = Dialog.show({
      'aria-label': options.label,
      title: options.title,
      closeOnMaskClick: options.closeOnMaskClick ?? false,
      onClose: () => answer(false),
      content: (
        <DialogFocus label={options.label} onEscape={() => answer(false)}>
          {options.content}
        </DialogFocus>
      ),
      actions: [
        [
          { key: 'cancel', text: options.cancelText, onClick: () => answer(false) },
          {
            key: 'confirm',
            text: options.confirmText,
            bold: true,
            danger: options.danger ?? false,
            onClick: () => answer(true),
          },
        ],
      ],
    });
  });
}

export interface AlertOptions {
  /** The dialog's name for screen readers: its title as words. */
  label: string;
  title?: ReactNode;
  content: ReactNode;
  /** The one button (OK). */
  confirmText: ReactNode;
}

/**
 * Tells a result, as antd-mobile's Dialog.alert does (one button; resolves once it is
 * pressed or Escape is), as a named modal alert dialog (DialogFocus): focus on its button,
 * Tab kept inside, back to what opened it once it has closed.
 */
export function alertDialog(options: AlertOptions): Promise<void> {
  const opener = focused();
  return new Promise((resolve) => {
    let done = false;
    const close = () => {
      if (done) return;
      done = true;
      giveFocusBack(opener);
      resolve();
      handler.close();
    };
    const handler = Dialog.show({
      'aria-label': options.label,
      title: options.title,
      content: (
        <DialogFocus label={options.label} role="alertdialog" focusAction onEscape={close}>
          {options.content}
        </DialogFocus>
      ),
      actions: [{ key: 'confirm', text: options.confirmText, onClick: close }],
    });
  });
}
