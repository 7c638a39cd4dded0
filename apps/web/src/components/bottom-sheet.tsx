import { Popup, type PopupProps } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { createContext, useContext, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogFocus } from '@/lib/use-dialog-focus';
import styles from './bottom-sheet.module.css';

/** The id of the open sheet's title, for its `aria-labelledby`. */
const TitleId = createContext<string | undefined>(undefined);

interface Props {
  open: boolean;
  onClose: () => void;
  /** The sheet's look (components/bottom-sheet.module.css composes it). */
  bodyClassName?: string | undefined;
  /** Where it slides from: the bottom, or a side (the pair drawer). */
  position?: PopupProps['position'];
  children: ReactNode;
}

/**
 * The app's popups (docs/accessibility.md "Dialogs"): an antd-mobile Popup whose content is
 * a modal dialog — role="dialog", aria-modal, named by its <SheetTitle> — that takes focus
 * when it opens, keeps Tab inside, closes on Escape and gives focus back to what opened it.
 * The dialog element is the body's one child and lays its children out as the body would
 * (a column), so a sheet's own styles keep working.
 */
export function BottomSheet({ open, onClose, bodyClassName, position, children }: Props) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(dialog, open, onClose);
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName={bodyClassName}
      // The content is dropped once it has slid away: each opening starts afresh.
      destroyOnClose
      {...(position ? { position } : {})}
    >
      <div
        ref={dialog}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <TitleId.Provider value={titleId}>{children}</TitleId.Provider>
      </div>
    </Popup>
  );
}

/** The sheet's title (a heading), which names the dialog. */
export function SheetTitle({
  className,
  as: Heading = 'h2',
  children,
}: {
  className?: string | undefined;
  as?: 'h2' | 'h3';
  children: ReactNode;
}) {
  const id = useContext(TitleId);
  return (
    <Heading id={id} className={className}>
      {children}
    </Heading>
  );
}

/** The round close button of a sheet's header, named "Close" in the trader's language. */
export function SheetClose({
  className,
  onClick,
  testId,
}: {
  className?: string | undefined;
  onClick: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={className}
      aria-label={t('common.close')}
      onClick={onClick}
      data-testid={testId}
    >
      <CloseOutline aria-hidden />
    </button>
  );
}
