import {
  adminLeverageCapsEndpoint,
  adminSaveLeverageCapEndpoint,
  type AdminLeverageCap,
} from '@pipwise/shared';
import {
  Alert,
  Button,
  Card,
  Flex,
  Grid,
  InputNumber,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall } from '@/lib/access';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { assetClassHelp, assetClassText } from './asset-class';
import { CAPS_STALE, capVersusEsma, leverageText } from './group-terms';

/** ESMA's cap for the class, and a tag when the cap set here differs from it. */
function EsmaCap({ row }: { row: AdminLeverageCap }) {
  const { t } = useTranslation();
  const versus = capVersusEsma(t, row);
  return (
    <Flex gap={8} align="center" wrap>
      <span dir="ltr">{leverageText(row.esma)}</span>
      {versus ? (
        <Tag color={versus.color} style={{ marginInlineEnd: 0 }}>
          {versus.text}
        </Tag>
      ) : null}
    </Flex>
  );
}

/**
 * The cap of one class, edited where it is shown; Save appears once it differs (under the
 * field on a phone).
 */
function CapEditor({ row, narrow }: { row: AdminLeverageCap; narrow: boolean }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | null>(row.cap);
  const save = useApiMutation(adminSaveLeverageCapEndpoint, { invalidates: CAPS_STALE });
  const changed = value !== null && value !== row.cap;
  return (
    <Flex gap={8} vertical={narrow} align={narrow ? 'stretch' : 'center'}>
      <InputNumber
        min={1}
        max={10_000}
        precision={0}
        value={value}
        onChange={(v) => setValue(v)}
        prefix="1:"
        aria-label={`${t('admin_groups.cap')}: ${assetClassText(t, row.asset_class)}`}
        style={{ width: narrow ? '100%' : 120 }}
        dir="ltr"
        data-testid={`cap-${row.asset_class}`}
      />
      {changed ? (
        <Button
          type="primary"
          size={narrow ? 'middle' : 'small'}
          loading={save.isPending}
          onClick={() => save.mutate({ asset_class: row.asset_class, cap: value })}
          data-testid={`cap-save-${row.asset_class}`}
        >
          {t('admin_app.common.save')}
        </Button>
      ) : null}
    </Flex>
  );
}

/**
 * The retail leverage caps by asset class, ESMA's beside each: a retail group offers no more
 * than its class's cap on an instrument; professional groups are exempt. Edited in place by
 * an admin, read by everyone who reads the groups. On a phone ESMA's cap goes under the
 * class's name, leaving the row to the name and the cap.
 */
export function LeverageCaps() {
  const { t } = useTranslation();
  const operator = useSession()?.operator;
  const narrow = Grid.useBreakpoint().md === false;
  const { data, isFetching } = useApiQuery(adminLeverageCapsEndpoint, {});
  const mayEdit = mayCall(operator, adminSaveLeverageCapEndpoint);

  const columns: TableColumnsType<AdminLeverageCap> = [
    {
      title: t('admin_groups.asset_class'),
      dataIndex: 'asset_class',
      render: (_, c) => {
        const help = assetClassHelp(t, c.asset_class);
        return (
          <Flex vertical gap={2}>
            <Typography.Text strong>{assetClassText(t, c.asset_class)}</Typography.Text>
            {help ? <Typography.Text type="secondary">{help}</Typography.Text> : null}
            {narrow ? (
              <Flex gap={6} align="center" wrap>
                <Typography.Text type="secondary">{t('admin_groups.esma')}:</Typography.Text>
                <EsmaCap row={c} />
              </Flex>
            ) : null}
          </Flex>
        );
      },
    },
    {
      title: t('admin_groups.cap'),
      key: 'cap',
      width: narrow ? 112 : 240,
      render: (_, c) =>
        mayEdit ? (
          // Keyed by the saved cap: a save (or another admin's) starts the editor afresh.
          <CapEditor key={c.cap} row={c} narrow={narrow} />
        ) : (
          <Typography.Text strong dir="ltr">
            {leverageText(c.cap)}
          </Typography.Text>
        ),
    },
    {
      title: t('admin_groups.esma'),
      key: 'esma',
      width: 240,
      responsive: ['md'],
      render: (_, c) => <EsmaCap row={c} />,
    },
  ];

  return (
    <Card size={narrow ? 'small' : 'medium'}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('admin_groups.caps_intro')} />
      <Table<AdminLeverageCap>
        rowKey="asset_class"
        size={narrow ? 'small' : 'middle'}
        columns={columns}
        dataSource={data ?? []}
        loading={isFetching}
        pagination={false}
        onRow={(c) => ({ 'data-testid': `cap-row-${c.asset_class}` }) as HTMLAttributes<HTMLElement>}
      />
    </Card>
  );
}
