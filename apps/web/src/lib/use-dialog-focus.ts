import { useEffect, type RefObject } from 'react';
import { useStableCallback } from './use-stable-callback';

/** What Tab can reach: enabled controls, links and anything in the tab order. */
const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]',
]
  .map((s) => `${s}:not([tabindex^="-"])`)
  .join(',');

/** The controls of `root` Tab stops at, in order: shown ones only. */
export function tabbablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => !el.closest('[inert]') && (typeof el.checkVisibility !== 'function' || el.checkVisibility()),
  );
}

/** How many frames the dialog may take to appear (a sheet mounts its body a render late). */
const MOUNT_FRAMES = 10;

/**
 * Focus of a modal dialog (docs/accessibility.md "Dialogs"): while `open`, focus moves into
 * the element of `ref` — to its `[data-autofocus]` element, else the dialog itself (give it
 * tabIndex={-1}), unless something in it already has focus —, Tab and Shift+Tab wrap around
 * its controls, Escape calls `onClose`; once it closes (or unmounts), focus goes back to the
 * element that had it when it opened, if focus was still in the dialog.
 *
 * Only keys pressed inside the dialog are handled: a picker or confirmation another layer
 * opens over it (in its own portal) keeps its own keys.
 */
export function useDialogFocus(
  ref: RefObject<HTMLElement | null>,
  open: boolean,
  onClose?: () => void,
): void {
  const close = useStableCallback(() => onClose?.());
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let dialog: HTMLElement | null = null;
    let frame = 0;
    let tries = 0;

    const focusIn = () => {
      dialog = ref.current ?? dialog;
      if (dialog && !dialog.contains(document.activeElement)) {
        const target = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog;
        target.focus({ preventScroll: true });
      }
      const settled = dialog?.contains(document.activeElement) ?? false;
      if (!settled && ++tries < MOUNT_FRAMES) frame = requestAnimationFrame(focusIn);
    };

    const onKeyDown = (event: KeyboardEvent) => {
      dialog = ref.current ?? dialog;
      if (!dialog || event.defaultPrevented || !(event.target instanceof Node)) return;
      if (!dialog.contains(event.target)) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const stops = tabbablesIn(dialog);
      const first = stops[0];
      const last = stops[stops.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        dialog.focus({ preventScroll: true });
      } else if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };

    focusIn();
    document.addEventListener('keydown', onKeyDown);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKeyDown);
      const active = document.activeElement;
      const wasInside = !active || active === document.body || (dialog?.contains(active) ?? false);
      if (opener?.isConnected && wasInside) opener.focus({ preventScroll: true });
    };
  }, [open, ref, close]);
}
