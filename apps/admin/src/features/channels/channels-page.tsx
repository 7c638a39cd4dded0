import {
  adminChannelsEndpoint,
  adminSaveChannelEndpoint,
  CHANNEL_KINDS,
  type AdminChannel,
} from '@pipwise/shared';
import { Tabs, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, flagColumn, idColumn, SampleTag, sortColumn } from '@/components/crud/columns';
import { CrudModal } from '@/components/crud/crud-modal';
import { CrudPage } from '@/components/crud/crud-page';
import { useApiQuery } from '@/lib/query';
import { channelForm, CHANNELS_STALE, type ChannelKind } from './channel-form';

/** The columns of where a kind of channel is paid. */
function payeeColumns(t: TFunction, kind: ChannelKind): TableColumnsType<AdminChannel> {
  switch (kind) {
    case 'coin':
      return [
        { title: t('admin_app.channels.network'), dataIndex: 'protocol_code' },
        {
          title: t('admin_app.channels.address'),
          dataIndex: 'address',
          render: (v: string) => (
            <Typography.Text code copyable>
              {v}
            </Typography.Text>
          ),
        },
      ];
    case 'wire':
      return [
        { title: t('admin_app.channels.bank_name'), dataIndex: 'bank_name' },
        { title: t('admin_app.channels.payee_name'), dataIndex: 'payee_name' },
        { title: t('admin_app.channels.payee_account'), dataIndex: 'payee_account' },
      ];
    case 'card':
      return [
        { title: t('admin_app.channels.provider_name'), dataIndex: 'provider_name' },
        {
          title: t('admin_app.channels.provider_url'),
          dataIndex: 'provider_url',
          render: (v: string) => v || '—',
        },
      ];
  }
}

/** Where traders send deposits: coin networks and addresses, bank wire accounts, card providers. */
export default function ChannelsPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ChannelKind>('coin');
  const { data, isFetching } = useApiQuery(adminChannelsEndpoint, { kind });
  return (
    <CrudPage<AdminChannel>
      title={t('admin_app.menu.channels')}
      description={t('admin_app.channels.intro')}
      createLabel={t(`admin_app.channels.new_${kind}`)}
      toolbar={
        <Tabs
          activeKey={kind}
          onChange={(k) => setKind(k as ChannelKind)}
          items={CHANNEL_KINDS.map((k) => ({ key: k, label: t(`admin_app.channels.kind_${k}`) }))}
        />
      }
      rows={data}
      loading={isFetching}
      scrollX={900}
      columns={(edit) => [
        idColumn(),
        {
          title: t('admin_app.channels.currency'),
          dataIndex: 'currency_code',
          render: (v: string, c) => (
            <span>
              {v} <SampleTag t={t} on={c.is_sample} />
            </span>
          ),
        },
        ...payeeColumns(t, kind),
        { title: t('admin_app.channels.usd_rate'), dataIndex: 'usd_rate', align: 'end' },
        sortColumn(t),
        flagColumn(t, { on: t('admin_app.common.enabled'), off: t('admin_app.common.disabled') }),
        actionsColumn(t, { edit }),
      ]}
      editor={(row, close) => (
        <CrudModal
          form={channelForm(t, row?.kind ?? kind, row)}
          id={row?.id}
          endpoint={adminSaveChannelEndpoint}
          invalidates={CHANNELS_STALE}
          onClose={close}
        />
      )}
    />
  );
}
