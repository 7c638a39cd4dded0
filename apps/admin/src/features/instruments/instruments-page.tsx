import { adminInstrumentsEndpoint, adminSaveInstrumentEndpoint, type AdminInstrument } from '@pipwise/shared';
import { Flex, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, flagColumn } from '@/components/crud/columns';
import { CrudModal } from '@/components/crud/crud-modal';
import { CrudPage } from '@/components/crud/crud-page';
import { useApiQuery } from '@/lib/query';
import { assetClassText } from './asset-class';
import { instrumentForm, INSTRUMENTS_STALE } from './instrument-form';
import { swapTermsText } from './swap-fields';
import { useCategoryNames } from './use-category-names';

/**
 * Instruments: spread, leverages, the asset class of the retail leverage caps, fee, lots,
 * whether each is open for trading, how its orders are executed and its overnight financing
 * (swap).
 */
export default function InstrumentsPage() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<number | undefined>();
  const categories = useCategoryNames();
  const { data, isFetching } = useApiQuery(adminInstrumentsEndpoint, { category_id: category });
  const number = (title: string, dataIndex: keyof AdminInstrument) => ({
    title,
    dataIndex,
    align: 'end' as const,
  });

  return (
    <CrudPage<AdminInstrument>
      title={t('admin_app.menu.instruments')}
      description={t('admin_app.instruments.intro')}
      toolbar={
        <Space style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder={t('admin_app.instruments.category')}
            aria-label={t('admin_app.instruments.category')}
            value={category}
            onChange={(v?: number) => setCategory(v)}
            options={categories.options}
            style={{ width: 220 }}
            data-testid="instrument-category-filter"
          />
        </Space>
      }
      rows={data}
      loading={isFetching}
      size="middle"
      scrollX={1810}
      columns={(edit) => [
        {
          title: t('admin_app.instruments.instrument'),
          render: (_, i) => (
            <Flex vertical>
              <Typography.Text strong>{i.show_code}</Typography.Text>
              <Typography.Text type="secondary">{i.code}</Typography.Text>
            </Flex>
          ),
          fixed: 'start',
          width: 130,
        },
        {
          title: t('admin_app.instruments.category'),
          dataIndex: 'category_id',
          render: (v: number) => categories.nameOf(v),
        },
        number(t('admin_app.instruments.precision'), 'precision'),
        {
          ...number(t('admin_app.instruments.spread'), 'spread_points'),
          render: (v: number, i) => <span data-testid={`spread-${i.code}`}>{v}</span>,
        },
        {
          title: t('admin_app.instruments.leverages'),
          dataIndex: 'leverages',
          render: (v: number[]) => v.join(', '),
        },
        {
          // The class the retail leverage caps know it by; "set" when an operator chose it.
          title: t('admin_groups.asset_class'),
          width: 150,
          render: (_, i) => (
            <Flex vertical gap={2} data-testid={`asset-class-${i.code}`}>
              <span>{assetClassText(t, i.asset_class)}</span>
              {i.asset_class_set ? (
                <Typography.Text type="secondary">{t('admin_groups.class_set')}</Typography.Text>
              ) : null}
            </Flex>
          ),
        },
        number(t('admin_app.instruments.fee_rate'), 'fee_rate'),
        number(t('admin_app.instruments.min_lots'), 'min_lots'),
        number(t('admin_app.instruments.lot_step'), 'lot_step'),
        number(t('admin_app.instruments.contract_size'), 'contract_size'),
        number(t('admin_app.instruments.live_orders'), 'live_orders'),
        {
          title: t('admin_execution.group'),
          width: 200,
          render: (_, i) => (
            <Flex vertical gap={2} data-testid={`execution-${i.code}`}>
              <span>
                <Tag color={i.execution_mode === 'a_book' ? 'purple' : 'default'}>
                  {t(i.execution_mode === 'a_book' ? 'admin_execution.a_book' : 'admin_execution.b_book')}
                </Tag>
                <Typography.Text code>{i.provider_symbol ?? i.default_provider_symbol}</Typography.Text>
              </span>
              <Typography.Text type="secondary">
                {t('admin_execution.terms', { markup: i.markup_points, slippage: i.max_slippage_points })}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          title: t('admin_swap.column'),
          width: 160,
          // Each rate is read left to right (its minus first), the long one first in the
          // reading direction.
          render: (_, i) => (
            <Flex vertical gap={2} data-testid={`swap-${i.code}`}>
              <span>
                <span dir="ltr">{i.swap_long}</span> / <span dir="ltr">{i.swap_short}</span>
              </span>
              <Typography.Text type="secondary">{swapTermsText(t, i)}</Typography.Text>
            </Flex>
          ),
        },
        flagColumn(t, { on: t('admin_app.instruments.open'), off: t('admin_app.instruments.closed') }),
        actionsColumn(t, { edit, editTestId: (i) => `instrument-edit-${i.code}`, fixed: 'end' }),
      ]}
      editor={(row, close) =>
        row ? (
          <CrudModal
            form={instrumentForm(t, row, categories.options)}
            id={row.id}
            endpoint={adminSaveInstrumentEndpoint}
            invalidates={INSTRUMENTS_STALE}
            onClose={close}
          />
        ) : null
      }
    />
  );
}
