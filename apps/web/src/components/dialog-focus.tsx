import { Dialog } from 'antd-mobile';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useDialogFocus } from '@/lib/use-dialog-focus';

/** The element of an antd-mobile Dialog or Modal that holds its title, content and buttons. */
const CENTER_POPUP = '.adm-center-popup-wrap';

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
  onEscape,
  children,
}: {
  label: string;
  /** Whether the popup is open, for one whose content stays mounted while closed. */
  open?: boolean;
  onEscape: () => void;
  children: ReactNode;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const box = anchor.current?.closest<HTMLElement>(CENTER_POPUP) ?? null;
    dialog.current = box;
    if (!box) return;
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-label', label);
    box.tabIndex = -1;
  }, [label]);
  useDialogFocus(dialog, open, onEscape);
  return <div ref={anchor}>{children}</div>;
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
}

/**
 * Asks to confirm, as antd-mobile's Dialog.confirm does (true on confirm; false on cancel,
 * Escape or a tap outside the box isn't offered), as a named modal dialog with its focus
 * kept (DialogFocus).
 */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (yes: boolean) => {
      if (answered) return;
      answered = true;
      resolve(yes);
      handler.close();
    };
    const handler = Dialog.show({
      'aria-label': options.label,
      title: options.title,
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
