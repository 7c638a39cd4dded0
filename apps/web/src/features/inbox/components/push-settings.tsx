import { NOTICE_KINDS } from '@pipwise/shared';
import { Switch } from 'antd-mobile';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePushSettings, useSwitchPushKind } from '../api/push';
import { usePush } from '../hooks/use-push';
import { noticeKindLabel } from '../utils/notice-text';
import styles from './notice-switches.module.css';

/**
 * Push notifications on this device (docs/notifications.md "Web push"): on or off for this
 * browser, whether they may show amounts (hidden until allowed: a lock screen is seen by
 * others), and, while on, which kinds are pushed (the inbox keeps every kind it keeps
 * either way). A browser that cannot receive pushes is told so in one line.
 */
export function PushSettings() {
  const { t } = useTranslation();
  const push = usePush();
  const on = push.state === 'on';
  const kinds = usePushSettings(push.supported && on);
  const save = useSwitchPushKind();

  return (
    <section className={styles.group} data-testid="push-settings">
      <h2 className={styles.title}>{t('inbox.push_title')}</h2>
      {!push.supported ? (
        <p className={styles.note} data-testid="push-unsupported">
          {t('inbox.push_unsupported')}
        </p>
      ) : (
        <>
          <ul className={styles.list}>
            <Row
              label={t('inbox.push_device')}
              checked={on}
              disabled={push.busy || push.state === 'checking'}
              loading={push.busy || push.state === 'checking'}
              onChange={(next) => void (next ? push.enable() : push.disable())}
              testId="push-device"
            />
            <Row
              label={t('inbox.push_amounts')}
              hint={t('inbox.push_amounts_hint')}
              checked={push.showAmounts}
              disabled={push.busy || push.state === 'checking'}
              onChange={(next) => void push.setShowAmounts(next)}
              testId="push-amounts"
            />
          </ul>
          {on ? (
            <>
              <h3 className={styles.subtitle} data-testid="push-kinds-title">
                {t('inbox.push_kinds')}
              </h3>
              <ul className={styles.list} data-testid="push-kinds">
                {NOTICE_KINDS.map((kind) => (
                  <Row
                    key={kind}
                    label={noticeKindLabel(t, kind)}
                    checked={kinds.data?.kinds[kind] === 1}
                    // Unknown until loaded; one save at a time, so two quick taps cannot cross.
                    disabled={!kinds.data || save.isPending}
                    onChange={(next) => save.mutate({ kind, on: next })}
                    testId={`push-switch-${kind}`}
                  />
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

function Row(props: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled: boolean;
  loading?: boolean;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <li className={styles.row}>
      <span className={styles.text}>
        <span id={labelId} className={styles.label}>
          {props.label}
        </span>
        {props.hint ? (
          <span id={hintId} className={styles.hint}>
            {props.hint}
          </span>
        ) : null}
      </span>
      <Switch
        className={styles.switch}
        checked={props.checked}
        disabled={props.disabled}
        loading={props.loading ?? false}
        onChange={props.onChange}
        aria-labelledby={labelId}
        {...(props.hint ? { 'aria-describedby': hintId } : {})}
        data-testid={props.testId}
        data-checked={props.checked ? '1' : '0'}
      />
    </li>
  );
}
