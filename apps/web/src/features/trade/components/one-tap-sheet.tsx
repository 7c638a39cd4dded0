import { Button } from 'antd-mobile';
import { ExclamationTriangleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet, SheetClose, SheetTitle } from '@/components/bottom-sheet';
import styles from './one-tap.module.css';

interface Props {
  open: boolean;
  /** The trader accepted the note: one-tap trading goes on. */
  onAccept: () => void;
  onCancel: () => void;
}

/** The note's points, in the order a trader should read them. */
const POINTS = ['market_price', 'ticket_values', 'no_confirmation', 'responsible', 'turn_off'] as const;

/**
 * The risk note one-tap trading is turned on through (docs/money.md "One-tap trading"):
 * what a tap does once it is on, that nothing asks again, that the trader answers for it and
 * can turn it off at any time. Turning on needs the box ticked: a tap on the button alone
 * does nothing. Its own chunk, loaded when the switch is first turned.
 */
export default function OneTapSheet({ open, onAccept, onCancel }: Props) {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(false);
  const close = () => {
    setAccepted(false);
    onCancel();
  };
  return (
    <BottomSheet open={open} onClose={close} bodyClassName={styles.sheet}>
      <div data-testid="one-tap-sheet">
        <div className={styles.header}>
          <SheetTitle className={styles.title}>{t('one_tap.title')}</SheetTitle>
          <SheetClose className={styles.close} onClick={close} />
        </div>
        <div className={styles.body}>
          <p className={styles.lead}>
            <ExclamationTriangleOutline className={styles.leadIcon} aria-hidden />
            <span>{t('one_tap.note.lead')}</span>
          </p>
          <ul className={styles.points} data-testid="one-tap-note">
            {POINTS.map((point) => (
              <li key={point}>{t(`one_tap.note.${point}`)}</li>
            ))}
          </ul>
          <p className={styles.scope}>{t('one_tap.note.scope')}</p>
          <label className={styles.accept}>
            <input
              type="checkbox"
              checked={accepted}
              onChange={(e) => setAccepted(e.target.checked)}
              data-testid="one-tap-accept"
            />
            <span>{t('one_tap.note.accept')}</span>
          </label>
          <div className={styles.actions}>
            <Button
              block
              className={styles.turnOn}
              disabled={!accepted}
              onClick={() => {
                setAccepted(false);
                onAccept();
              }}
              data-testid="one-tap-turn-on"
            >
              {t('one_tap.turn_on')}
            </Button>
            <Button block fill="none" className={styles.cancel} onClick={close} data-testid="one-tap-cancel">
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      </div>
    </BottomSheet>
  );
}
