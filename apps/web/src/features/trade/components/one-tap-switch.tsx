import { Toast } from 'antd-mobile';
import { lazy, memo, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setOneTap, useOneTap } from '../store/one-tap';
import { BoltIcon } from './bolt-icon';
import styles from './one-tap.module.css';

const OneTapSheet = lazy(() => import('./one-tap-sheet'));

/**
 * One-tap trading's switch as the ticket and Settings both work it (docs/money.md
 * "One-tap trading"): off at once, on only through the risk note, accepted. Gives whether it
 * is on, the change to call and the note's sheet to render (null until first asked for).
 */
export function useOneTapSwitch(): {
  on: boolean;
  /** A trader is signed in: there is someone to remember it for. */
  available: boolean;
  change: (next: boolean) => void;
  sheet: ReactNode;
} {
  const { t } = useTranslation();
  const { userId, on } = useOneTap();
  /** Whether the note is open; null until it is first asked for (its chunk loads then). */
  const [asking, setAsking] = useState<boolean | null>(null);
  const change = useCallback(
    (next: boolean) => {
      if (userId === null) return;
      if (next) {
        setAsking(true);
        return;
      }
      setOneTap(userId, false);
      Toast.show({ content: t('one_tap.turned_off') });
    },
    [userId, t],
  );
  const sheet =
    asking === null || userId === null ? null : (
      <Suspense fallback={null}>
        <OneTapSheet
          open={asking}
          onCancel={() => setAsking(false)}
          onAccept={() => {
            setOneTap(userId, true);
            setAsking(false);
            Toast.show({ content: t('one_tap.turned_on') });
          }}
        />
      </Suspense>
    );
  return { on, available: userId !== null, change, sheet };
}

/**
 * The ticket's one-tap switch, at the end of the Market | Pending row: "One-tap" while off,
 * the "One-tap on" badge while on, so a trader never meets it by surprise. Memoised and
 * without props: the quotes clock never re-renders it.
 */
export const OneTapToggle = memo(function OneTapToggle() {
  const { t } = useTranslation();
  const { on, available, change, sheet } = useOneTapSwitch();
  if (!available) return null;
  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        className={`${styles.toggle} ${on ? styles.toggleOn : ''}`}
        onClick={() => change(!on)}
        data-testid="one-tap-switch"
        data-on={on ? '1' : '0'}
      >
        <BoltIcon className={styles.bolt} />
        {on ? (
          <span className={styles.badge} data-testid="one-tap-badge">
            {t('one_tap.badge_on')}
          </span>
        ) : (
          <span className={styles.toggleLabel}>{t('one_tap.label')}</span>
        )}
        <span className={styles.track} aria-hidden>
          <span className={styles.thumb} />
        </span>
      </button>
      {sheet}
    </>
  );
});
