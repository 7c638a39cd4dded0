import type { AdminExecution } from '@pipwise/shared';
import { Flex, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { formatTime } from '@/lib/format';
import { isOpenUnbooked, lotsText, outcomeLabel, purposeText, stateStyle } from './execution-labels';
import { HandledCell } from './handled-cell';

/** A price or an id as it is (decimals from the server, never reformatted), left to right. */
const plain = (v: string | null) => (v === null ? '—' : <span dir="ltr">{v}</span>);

/**
 * The dealing desk's columns: when, in which state and whether handled first (what the desk
 * acts on), then whose, what, at which prices, and the ids to find it at the provider.
 */
export function executionColumns(t: TFunction): TableColumnsType<AdminExecution> {
  const price = (title: string, dataIndex: 'quoted_price' | 'limit_price' | 'lp_price') => ({
    title,
    dataIndex,
    align: 'end' as const,
    width: 110,
    render: plain,
  });
  return [
    {
      title: t('admin_execution.sent_at'),
      dataIndex: 'created_at',
      width: 180,
      render: (v: number) => formatTime(v),
    },
    {
      title: t('admin_app.common.status'),
      dataIndex: 'state',
      width: 200,
      render: (v: AdminExecution['state'], e) => (
        <Flex vertical gap={2}>
          <span>
            {/* Solid for what the desk must still act on: it stands out on the highlighted row. */}
            <Tag
              color={stateStyle(v).color}
              variant={isOpenUnbooked(e) ? 'solid' : undefined}
              data-testid={`execution-state-${e.id}`}
            >
              {t(stateStyle(v).label)}
            </Tag>
          </span>
          {e.outcome ? <span>{t(outcomeLabel(e.outcome))}</span> : null}
          {/* The provider's own words, as it sent them (never translated). */}
          {e.reason ? (
            <Typography.Text type="secondary" dir="ltr">
              {e.reason}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      // Next to the state: whether the desk is done with an unbooked fill, and the mark.
      title: t('admin_execution.handled'),
      dataIndex: 'handled_at',
      width: 220,
      render: (_: number | null, e) => <HandledCell execution={e} />,
    },
    {
      title: t('admin_execution.trader'),
      dataIndex: 'user_id',
      width: 190,
      render: (v: number, e) => (
        <Flex vertical align="flex-start">
          <span dir="ltr">
            #{v} · {e.uid}
          </span>
          {/* Left to right in every language, so a long address is cut at its end. */}
          <div dir="ltr" style={{ maxWidth: 180 }}>
            {/* Its own style: antd's RTL class would turn it right to left again. */}
            <Typography.Text type="secondary" ellipsis={{ tooltip: true }} style={{ direction: 'ltr' }}>
              {e.email ?? (e.mobile ? `+${e.area_code ?? ''} ${e.mobile}` : '—')}
            </Typography.Text>
          </div>
        </Flex>
      ),
    },
    {
      title: t('admin_execution.instrument'),
      dataIndex: 'instrument_code',
      width: 110,
      render: (v: string, e) => v || `#${e.instrument_id}`,
    },
    {
      title: t('admin_execution.purpose'),
      dataIndex: 'purpose',
      width: 130,
      render: (v: string, e) => (
        <span>
          {purposeText(t, v)}{' '}
          <Tag color={e.side === 1 ? 'green' : 'red'}>
            {t(e.side === 1 ? 'admin_app.users.buy' : 'admin_app.users.sell')}
          </Tag>
        </span>
      ),
    },
    {
      title: t('admin_execution.lots'),
      width: 120,
      align: 'end',
      render: (_, e) => <span dir="ltr">{lotsText(e)}</span>,
    },
    price(t('admin_execution.quoted'), 'quoted_price'),
    price(t('admin_execution.limit'), 'limit_price'),
    price(t('admin_execution.lp_price'), 'lp_price'),
    { title: t('admin_execution.markup'), dataIndex: 'markup_points', width: 110, align: 'end' },
    {
      title: t('admin_execution.cl_ord_id'),
      dataIndex: 'cl_ord_id',
      width: 200,
      render: (v: string, e) => (
        <Flex vertical>
          <Typography.Text code>{v}</Typography.Text>
          {e.lp_order_id ? <Typography.Text type="secondary">{e.lp_order_id}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      title: t('admin_execution.resolved_at'),
      dataIndex: 'resolved_at',
      width: 170,
      render: (v: number | null) => formatTime(v),
    },
  ];
}
