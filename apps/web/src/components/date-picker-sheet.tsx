import { DatePickerView } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet, SheetClose, SheetTitle } from './bottom-sheet';
import { Button } from './button';
import styles from './date-picker-sheet.module.css';

interface Props {
  open: boolean;
  title: string;
  precision: 'day' | 'month';
  min: Date;
  max: Date;
  /** Where the wheels start: the field's date, else `max`. */
  value: Date | null;
  onClose: () => void;
  onConfirm: (date: Date) => void;
  testId?: string;
}

/**
 * A date picked on wheels in a sheet of the app's own (docs/accessibility.md "Dialogs"):
 * antd-mobile's DatePicker brings its own popup, which is no named dialog and whose header
 * buttons the keyboard cannot reach; its wheels (DatePickerView) in a BottomSheet are.
 * Confirm hands the date over; Cancel, the close button, Escape and the mask change nothing.
 */
export function DatePickerSheet({
  open,
  title,
  precision,
  min,
  max,
  value,
  onClose,
  onConfirm,
  testId,
}: Props) {
  return (
    <BottomSheet open={open} onClose={onClose} bodyClassName={styles.sheet}>
      {/* Remounted per opening (the sheet drops its content when closed): wheels start afresh. */}
      <Wheels
        title={title}
        precision={precision}
        min={min}
        max={max}
        start={value ?? max}
        onClose={onClose}
        onConfirm={(date) => {
          onConfirm(date);
          onClose();
        }}
        testId={testId}
      />
    </BottomSheet>
  );
}

function Wheels({
  title,
  precision,
  min,
  max,
  start,
  onClose,
  onConfirm,
  testId,
}: Omit<Props, 'open' | 'value'> & { start: Date }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState(start);
  return (
    <>
      <header className={styles.header}>
        <SheetTitle className={styles.title}>{title}</SheetTitle>
        <SheetClose className={styles.close} onClick={onClose} />
      </header>
      <div className={styles.wheels} data-testid={testId}>
        <DatePickerView precision={precision} min={min} max={max} value={picked} onChange={setPicked} />
      </div>
      <div className={styles.actions}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button color="primary" onClick={() => onConfirm(picked)} data-testid={testId && `${testId}-confirm`}>
          {t('common.confirm')}
        </Button>
      </div>
    </>
  );
}
