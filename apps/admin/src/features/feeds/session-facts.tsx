import type { AdminFeedSource, AdminTradeSession } from '@pipwise/shared';
import { Descriptions, Flex, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Fact } from '@/components/facts';
import { formatNumber } from '@/lib/format';
import { formatAge, formatAgo, formatRate } from './feed-format';
import { SESSION_COLOR } from './feed-labels';

/**
 * What every FIX session shows, the market-data ones (source-card.tsx) and the trading one
 * (trade-card.tsx): its state and endpoint, since when, its last message, the next attempt,
 * connections, sequence numbers and last error.
 */

/** Text that reads left to right in every language: addresses, symbols, prices. */
export const Ltr = ({ children }: { children: string }) => <bdi dir="ltr">{children}</bdi>;

/** The part of a session both kinds have. */
export type SessionCommon = Pick<
  AdminFeedSource & AdminTradeSession,
  | 'endpoint'
  | 'session'
  | 'since'
  | 'last_message_at'
  | 'last_error'
  | 'next_attempt_at'
  | 'connects'
  | 'disconnects'
  | 'sequence'
>;

/** A counter since start, with its rate per second under it ("measuring…" until two polls). */
export function counter(t: TFunction, count: number, rate: number | undefined): ReactNode {
  return (
    <Flex vertical>
      <span>{formatNumber(count, 0)}</span>
      <Typography.Text type="secondary">{formatRate(t, rate)}</Typography.Text>
    </Flex>
  );
}

/**
 * A session's facts in their order: since, last message, then `afterMessage` (a market-data
 * session's last quote), the next attempt while one is due, connections, sequence numbers,
 * `counters`, and the last error when there is one.
 */
export function sessionFacts(
  t: TFunction,
  session: SessionCommon,
  now: number,
  { afterMessage = [], counters = [] }: { afterMessage?: Fact[]; counters?: Fact[] } = {},
): Fact[] {
  return [
    { key: 'since', label: t('admin_feeds.state_since'), value: formatAgo(t, now, session.since) },
    {
      key: 'message',
      label: t('admin_feeds.last_message'),
      value: formatAgo(t, now, session.last_message_at),
    },
    ...afterMessage,
    {
      key: 'next',
      label: t('admin_feeds.next_attempt'),
      value: session.next_attempt_at === null ? '—' : formatAge(t, session.next_attempt_at - now),
      shown: session.next_attempt_at !== null,
    },
    {
      key: 'connections',
      label: t('admin_feeds.connections'),
      value: t('admin_feeds.connections_value', { made: session.connects, lost: session.disconnects }),
    },
    {
      key: 'sequence',
      label: t('admin_feeds.sequence'),
      value: session.sequence
        ? t('admin_feeds.sequence_value', {
            next_out: session.sequence.next_out,
            next_in: session.sequence.next_in,
          })
        : '—',
    },
    ...counters,
    {
      key: 'error',
      label: t('admin_feeds.last_error'),
      value: <Typography.Text type="danger">{session.last_error}</Typography.Text>,
      shown: session.last_error !== null,
    },
  ];
}

/** A session card's title: its tags (the role, then the state) and its endpoint. */
export function SessionTitle({
  t,
  session,
  children,
}: {
  t: TFunction;
  session: SessionCommon;
  /** The tags before the state (a market-data source's role). */
  children?: ReactNode;
}) {
  return (
    <Flex gap={8} align="center" wrap style={{ paddingBlock: 8 }}>
      {children}
      <Tag color={SESSION_COLOR[session.session]} data-testid="source-session">
        {t(`admin_feeds.session.${session.session}`)}
      </Tag>
      <Typography.Text style={{ fontWeight: 'normal', whiteSpace: 'normal', wordBreak: 'break-all' }}>
        <Ltr>{session.endpoint}</Ltr>
      </Typography.Text>
    </Flex>
  );
}

/** The facts of a session: label above value on a phone, up to three columns on a wide screen. */
export function SessionFacts({ facts, narrow }: { facts: readonly Fact[]; narrow: boolean }) {
  return (
    <Descriptions
      bordered={!narrow}
      layout={narrow ? 'vertical' : 'horizontal'}
      size="small"
      column={{ xs: 2, sm: 2, xl: 3 }}
      items={facts
        .filter((fact) => fact.shown !== false)
        .map(({ key, label, value }) => ({ key, label, children: value }))}
    />
  );
}
