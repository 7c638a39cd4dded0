import { safeImageSrc } from '@pipwise/client';
import { adminDeleteTraderEndpoint, adminSaveTraderEndpoint, adminTradersEndpoint } from '@pipwise/shared';
import { Avatar, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionsColumn, flagColumn, SampleTag, sortColumn, useCrudDelete } from '@/components/crud/columns';
import { CrudModal } from '@/components/crud/crud-modal';
import { CrudPage } from '@/components/crud/crud-page';
import { formatNumber, formatUsd } from '@/lib/format';
import { useApiQuery } from '@/lib/query';
import { traderForm, TRADERS_STALE, type Trader } from './trader-form';

const percent = (v: number) => `${formatNumber(v)} %`;

type Figure = 'three_week_rate' | 'three_week_win' | 'three_week_profit' | 'total_rate' | 'total_trade_num';

/** The follow-trader ranking traders see on /rank (view only there). */
export default function TradersPage() {
  const { t } = useTranslation();
  const { data, isFetching } = useApiQuery(adminTradersEndpoint, {});
  const remove = useCrudDelete(adminDeleteTraderEndpoint, TRADERS_STALE);
  const figure = (key: Figure, render?: (v: number) => string) => ({
    title: t(`content.${key}`),
    dataIndex: key,
    align: 'end' as const,
    render,
  });

  return (
    <CrudPage<Trader>
      title={t('admin_app.menu.traders')}
      description={t('admin_app.traders.intro')}
      createLabel={t('admin_app.traders.new')}
      rows={data}
      loading={isFetching}
      scrollX={1400}
      columns={(edit) => [
        {
          title: t('admin_app.traders.name'),
          width: 260,
          render: (_, r) => (
            <Space>
              <Avatar src={safeImageSrc(r.avatar) || undefined}>{r.user.slice(0, 1).toUpperCase()}</Avatar>
              <span>{r.user}</span>
              <SampleTag t={t} on={r.is_sample} />
            </Space>
          ),
        },
        { title: t('admin_app.traders.code'), dataIndex: 'code', width: 140 },
        { title: t('admin_app.traders.multiple'), dataIndex: 'multiple', align: 'end' },
        figure('three_week_rate', percent),
        figure('three_week_win', percent),
        figure('three_week_profit', formatUsd),
        figure('total_rate', percent),
        figure('total_trade_num'),
        sortColumn(t),
        flagColumn(t, { on: t('admin_app.traders.shown'), off: t('admin_app.traders.hidden') }),
        // The table scrolls sideways: Edit and Delete stay in view at its end.
        actionsColumn(t, {
          edit,
          remove: { question: (r) => t('admin_app.traders.delete_confirm', { name: r.user }), run: remove },
          fixed: 'end',
        }),
      ]}
      editor={(row, close) => (
        <CrudModal
          form={traderForm(t, row)}
          id={row?.id}
          endpoint={adminSaveTraderEndpoint}
          invalidates={TRADERS_STALE}
          onClose={close}
        />
      )}
    />
  );
}
