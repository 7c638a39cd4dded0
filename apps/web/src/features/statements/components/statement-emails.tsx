import type { StatementPreferences } from '@pipwise/shared';
import { Switch } from 'antd-mobile';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/use-session';
import {
  useSaveStatementPreferences,
  useStatementPreferences,
  type StatementSwitch,
} from '../api/statement-preferences';
import styles from './statement-emails.module.css';

const SWITCHES: readonly StatementSwitch[] = ['monthly_email', 'trade_confirmations'];

/**
 * Settings' "Statements by e-mail" (docs/statements.md "E-mails"): the monthly statement and
 * trade confirmations, both off until the trader turns them on. Real accounts only: a demo
 * account is told why there is nothing to switch (the server refuses it too).
 */
export function StatementEmails() {
  const { t } = useTranslation();
  const demo = useSession()?.user?.is_demo === 1;
  const prefs = useStatementPreferences(!demo);
  const save = useSaveStatementPreferences();

  const toggle = (current: StatementPreferences, which: StatementSwitch, on: boolean) => {
    save.mutate({
      monthly_email: current.monthly_email,
      trade_confirmations: current.trade_confirmations,
      [which]: on ? 1 : 0,
    });
  };

  return (
    <section className={styles.group} data-testid="statement-emails">
      <h2 className={styles.title}>{t('statement_web.emails_group')}</h2>
      {demo ? (
        <p className={styles.note} data-testid="statement-emails-demo">
          {t('statement_web.demo_emails')}
        </p>
      ) : (
        <ul className={styles.list}>
          {SWITCHES.map((which) => (
            <SwitchRow
              key={which}
              which={which}
              prefs={prefs.data}
              busy={save.isPending}
              onChange={(on) => prefs.data && toggle(prefs.data, which, on)}
            />
          ))}
        </ul>
      )}
      {!demo && prefs.data && !prefs.data.has_email ? (
        <p className={styles.note} data-testid="statement-emails-no-email">
          {t('statement.no_email')}
        </p>
      ) : null}
    </section>
  );
}

function SwitchRow(props: {
  which: StatementSwitch;
  prefs: StatementPreferences | undefined;
  busy: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  const { prefs, which } = props;
  const on = prefs?.[which] === 1;
  return (
    <li className={styles.row}>
      <span className={styles.text}>
        <span id={labelId} className={styles.label}>
          {t(`statement.${which}`)}
        </span>
        <span id={hintId} className={styles.hint}>
          {t(`statement.${which}_hint`)}
        </span>
      </span>
      <Switch
        checked={on}
        // Unknown until loaded; one save at a time, so two quick taps cannot cross.
        disabled={!prefs || props.busy || !prefs.has_email}
        onChange={props.onChange}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        data-testid={`statement-switch-${which}`}
        data-checked={on ? '1' : '0'}
      />
    </li>
  );
}
