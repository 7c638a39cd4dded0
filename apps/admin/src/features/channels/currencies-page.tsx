import {
  adminCurrenciesEndpoint,
  adminSaveCurrencyEndpoint,
  type AdminCurrency,
  type DrawType,
} from '@pipwise/shared';
import { Radio, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, idColumn, SampleTag } from '@/components/crud/columns';
import { CrudModal } from '@/components/crud/crud-modal';
import { CrudPage } from '@/components/crud/crud-page';
import { FlagTag } from '@/components/status';
import { isOn, type ValueOf } from '@/lib/codes';
import { codeOptions, DRAW_TYPE, labelOf } from '@/lib/labels';
import { useApiQuery } from '@/lib/query';
import { CURRENCIES_STALE, currencyForm, feeText } from './currency-form';

/** "All" in the type filter: no type asked for. */
const ALL = 0;

/** What traders may withdraw to: the currency, its fee, its USD price and the minimum. */
export default function CurrenciesPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<ValueOf<typeof DrawType> | undefined>();
  const { data, isFetching } = useApiQuery(adminCurrenciesEndpoint, { type });

  return (
    <CrudPage<AdminCurrency>
      title={t('admin_app.menu.currencies')}
      description={t('admin_app.currencies.intro')}
      createLabel={t('admin_app.currencies.new')}
      toolbar={
        <Radio.Group
          style={{ marginBottom: 16 }}
          optionType="button"
          value={type ?? ALL}
          onChange={(e) => setType(e.target.value === ALL ? undefined : (e.target.value as typeof type))}
          options={[{ value: ALL, label: t('admin_app.common.all') }, ...codeOptions(t, DRAW_TYPE)]}
        />
      }
      rows={data}
      loading={isFetching}
      scrollX={900}
      columns={(edit) => [
        idColumn(),
        {
          title: t('admin_app.currencies.code'),
          render: (_, c) => (
            <span>
              {c.code} <SampleTag t={t} on={c.is_sample} />
            </span>
          ),
        },
        {
          title: t('admin_app.currencies.type'),
          dataIndex: 'type',
          render: (v: number) => labelOf(t, DRAW_TYPE, v),
        },
        { title: t('admin_app.channels.network'), dataIndex: 'protocol', render: (v: string) => v || '—' },
        { title: t('admin_app.currencies.fee'), render: (_, c) => feeText(c) },
        { title: t('admin_app.currencies.usd_price'), dataIndex: 'usd_price', align: 'end' },
        {
          title: t('admin_app.currencies.minimum'),
          dataIndex: 'minimum',
          align: 'end',
          render: (v: string) => `$${v}`,
        },
        {
          title: t('admin_app.common.status'),
          render: (_, c) => (
            <span>
              <FlagTag
                on={isOn(c.enabled)}
                onText={t('admin_app.common.enabled')}
                offText={t('admin_app.common.disabled')}
              />
              {isOn(c.has_channel) ? null : <Tag color="orange">{t('admin_app.currencies.no_channel')}</Tag>}
            </span>
          ),
        },
        actionsColumn(t, { edit }),
      ]}
      editor={(row, close) => (
        <CrudModal
          form={currencyForm(t, row)}
          id={row?.id}
          endpoint={adminSaveCurrencyEndpoint}
          invalidates={CURRENCIES_STALE}
          onClose={close}
        />
      )}
    />
  );
}
