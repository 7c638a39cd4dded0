import { Button, Flex, InputNumber, Select, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CodeTag } from '@/components/status';
import { formatTime } from '@/lib/format';
import { codeOptions, type CodeStyles } from '@/lib/labels';
import type { ListFilters } from '@/lib/use-list-filters';

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

/** The filters every queue has: a status, maybe a type of its own, and one user. */
export interface QueueFilters {
  status?: number;
  type?: number;
  user_id?: number;
}

/** How a queue filters by status: how wide, and which codes it offers (all by default). */
export interface StatusFilter {
  width: number;
  only?: readonly number[];
  testId?: string;
}

/** A queue's filter by a code of its own: a deposit's channel, a withdrawal's method. */
export interface TypeFilter {
  placeholder: string;
  codes: CodeStyles<number>;
  width: number;
}

/** A filter of codes (a status, a type): empty shows every row. */
export interface QueueSelect {
  key: 'status' | 'type';
  placeholder: string;
  options: { value: number; label: string }[];
  width: number;
  testId?: string;
}

/** The code filters of a queue, in the order shown: its status, then its type when it has one. */
export function queueSelects(
  t: TFunction,
  statuses: CodeStyles<number>,
  status: StatusFilter,
  type?: TypeFilter,
): QueueSelect[] {
  const byStatus: QueueSelect = {
    key: 'status',
    placeholder: t('admin_app.common.status'),
    options: codeOptions(t, statuses, status.only),
    width: status.width,
    testId: status.testId,
  };
  if (!type) return [byStatus];
  const { placeholder, codes, width } = type;
  return [byStatus, { key: 'type', placeholder, options: codeOptions(t, codes), width }];
}

/**
 * A queue's filters above its table: the code filters, then one user by id. Changing any
 * starts again on page one (lib/use-list-filters.ts).
 */
export function QueueFilterBar({
  list,
  selects,
}: {
  list: Pick<ListFilters<QueueFilters>, 'filters' | 'setFilter'>;
  selects: readonly QueueSelect[];
}) {
  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }}>
      {selects.map((select) => (
        <Select
          key={select.key}
          allowClear
          placeholder={select.placeholder}
          aria-label={select.placeholder}
          value={list.filters[select.key]}
          onChange={(v?: number) => list.setFilter(select.key, v)}
          options={select.options}
          style={{ width: select.width }}
          data-testid={select.testId}
        />
      ))}
      <UserIdFilter value={list.filters.user_id} onChange={(id) => list.setFilter('user_id', id)} />
    </Flex>
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
      aria-label={t('admin_app.common.user_id')}
      min={1}
      precision={0}
      value={value ?? null}
      onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
      style={{ width: 160 }}
    />
  );
}
