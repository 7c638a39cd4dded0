import { Button, Flex, InputNumber, Select, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeTag } from '@/components/status';
import { formatTime } from '@/lib/format';
import type { CodeStyles } from '@/lib/labels';

/**
 * What the three review queues (deposits, withdrawals, identity) share: the columns every
 * queue shows the same way and its filters (their state: lib/use-list-filters.ts).
 */

export interface QueueRow {
  id: number;
  status: number;
  created_at: number;
  user_contact: string;
  uid: string;
}

/** `#`, when it came in, and who sent it (contact and UID). */
export function useLeadingColumns<T extends QueueRow>(): TableColumnsType<T> {
  const { t } = useTranslation();
  return [
    { title: '#', dataIndex: 'id', width: 70 },
    {
      title: t('admin_app.common.created'),
      dataIndex: 'created_at',
      render: (v: number) => formatTime(v),
      width: 190,
    },
    {
      title: t('admin_app.common.user'),
      render: (_, row) => (
        <Flex vertical>
          <span>{row.user_contact}</span>
          <Typography.Text type="secondary">UID {row.uid}</Typography.Text>
        </Flex>
      ),
    },
  ];
}

/** The row's status as a tag of its table (lib/labels.ts). */
export function useStatusColumn<T extends QueueRow>(
  statuses: CodeStyles<number>,
): TableColumnsType<T>[number] {
  const { t } = useTranslation();
  return {
    title: t('admin_app.common.status'),
    dataIndex: 'status',
    render: (v: number) => <CodeTag of={statuses} code={v} />,
  };
}

/** The last column: "Review" (primary) while the row awaits a decision, "View" after. */
export function useOpenColumn<T extends QueueRow>(
  awaitingStatus: number,
  onOpen: (row: T) => void,
  testIdPrefix: string,
): TableColumnsType<T>[number] {
  const { t } = useTranslation();
  return {
    title: '',
    width: 110,
    render: (_, row) => {
      const awaiting = row.status === awaitingStatus;
      return (
        <Button
          size="small"
          type={awaiting ? 'primary' : 'default'}
          onClick={() => onOpen(row)}
          data-testid={`${testIdPrefix}-open-${row.id}`}
        >
          {awaiting ? t('admin_app.common.review') : t('admin_app.common.view')}
        </Button>
      );
    },
  };
}

/** A filter of codes (a status, a type): empty shows every row. */
export interface QueueSelect<F> {
  key: keyof F & string;
  placeholder: string;
  options: { value: number; label: string }[];
  width: number;
  testId?: string;
}

export function QueueSelectFilter<F extends object>({
  select,
  value,
  onChange,
}: {
  select: QueueSelect<F>;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  return (
    <Select
      allowClear
      placeholder={select.placeholder}
      value={value}
      onChange={(v?: number) => onChange(v)}
      options={select.options}
      style={{ width: select.width }}
      data-testid={select.testId}
    />
  );
}

/** Narrows a queue to one user by id. */
export function UserIdFilter({
  value,
  onChange,
}: {
  value?: number;
  onChange: (id: number | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <InputNumber
      placeholder={t('admin_app.common.user_id')}
      min={1}
      precision={0}
      value={value ?? null}
      onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
      style={{ width: 160 }}
    />
  );
}
