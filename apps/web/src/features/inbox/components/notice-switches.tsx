import { NOTICE_KINDS, type NoticeKind } from '@pipwise/shared';
import { Switch } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusView } from '@/components/status-view';
import {
  useNoticeSwitches,
  useSwitchNoticeKind,
  type NoticeSwitches as Switches,
} from '../api/inbox-settings';
import { noticeKindLabel } from '../utils/notice-text';
import styles from './notice-switches.module.css';

/**
 * What the inbox tells the trader (docs/notifications.md "The inbox"): one switch per kind,
 * all on until turned off; a kind turned off writes no notice at all.
 */
export function NoticeSwitches() {
  const { t } = useTranslation();
  const switches = useNoticeSwitches();
  const save = useSwitchNoticeKind();
  const titleId = useId();
  if (switches.isError && !switches.data) {
    return (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('mine.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void switches.refetch() }}
      />
    );
  }
  return (
    <section className={styles.group} data-testid="notice-switches" aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('inbox.inbox_kinds')}
      </h2>
      <ul className={styles.list}>
        {NOTICE_KINDS.map((kind) => (
          <SwitchRow
            key={kind}
            kind={kind}
            values={switches.data}
            busy={save.isPending}
            onChange={(on) => save.mutate({ kind, on })}
          />
        ))}
      </ul>
    </section>
  );
}

function SwitchRow(props: {
  kind: NoticeKind;
  values: Switches | undefined;
  busy: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const on = props.values?.[props.kind] === 1;
  return (
    <li className={styles.row}>
      <span id={labelId} className={styles.label}>
        {noticeKindLabel(t, props.kind)}
      </span>
      <Switch
        checked={on}
        // Unknown until loaded; one save at a time, so two quick taps cannot cross.
        disabled={!props.values || props.busy}
        onChange={props.onChange}
        aria-labelledby={labelId}
        data-testid={`notice-switch-${props.kind}`}
        data-checked={on ? '1' : '0'}
      />
    </li>
  );
}
