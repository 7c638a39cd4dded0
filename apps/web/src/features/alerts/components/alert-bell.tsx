import { BellOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { armedOf, useAlerts } from '../api/list-alerts';
import type { AlertPair, BidSource } from './types';
import styles from './alert-bell.module.css';

const AlertSheet = lazy(() => import('./alert-sheet'));

interface Props {
  pair: AlertPair;
  bids: BidSource;
  /** Without a session the bell asks the page to log in first. */
  loggedIn: boolean;
  onLogin: () => void;
  /**
   * A price picked on the chart (by a logged-in trader): the sheet opens for a new alert
   * there, as a tap on the bell opens it at the bid (`at` tells picks apart).
   */
  preset?: { price: number; at: number } | null;
}

/**
 * The trade screen's bell, beside the price: opens the alert sheet for the pair and shows
 * how many of its alerts are waiting. The sheet's chunk (Popup, steppers) loads on the
 * first tap, like the statement sheet.
 */
export function AlertBell({ pair, bids, loggedIn, onLogin, preset = null }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [initialPrice, setInitialPrice] = useState<number | undefined>(undefined);
  // A new pick opens the sheet (state adjusted while rendering, as React advises for a prop change).
  const [picked, setPicked] = useState(preset);
  if (preset !== picked) {
    setPicked(preset);
    if (preset) {
      setInitialPrice(preset.price);
      setWanted(true);
      setOpen(true);
    }
  }
  const alerts = useAlerts({ enabled: loggedIn });
  const waiting = loggedIn ? armedOf(alerts.data, pair.forexId).length : 0;
  return (
    <>
      <button
        type="button"
        className={`${styles.bell} ${waiting > 0 ? styles.set : ''}`}
        aria-haspopup="dialog"
        onClick={() => {
          if (!loggedIn) return onLogin();
          setInitialPrice(undefined);
          setWanted(true);
          setOpen(true);
        }}
        data-testid="alert-bell"
        data-waiting={waiting}
      >
        {/* Named by what it does, then the count it shows: "Set alert 2". */}
        <span className="pw-sr-only">{t('alerts.set_alert')} </span>
        <BellOutline aria-hidden />
        {waiting > 0 ? (
          <span className={`pw-num ${styles.count}`}>{waiting > 9 ? '9+' : waiting}</span>
        ) : null}
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <AlertSheet
            open={open}
            onClose={() => setOpen(false)}
            pair={pair}
            bids={bids}
            initialPrice={initialPrice}
          />
        </Suspense>
      ) : null}
    </>
  );
}
