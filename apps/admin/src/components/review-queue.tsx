import { Button, Flex, InputNumber, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';

/**
 * What the three review queues (deposits, withdrawals, identity) share: filters that take
 * the operator back to page one, and the columns every queue shows the same way.
 */

interface QueueRow {
  id: number;
  status: number;
  created_at: number;
  user_contact: string;
  uid: string;
}

/** The queue's filters and page: changing a filter starts again on page one. */
export function useQueueFilters<F extends object>(initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const setFilter = <K extends keyof F>(key: K, value: F[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  return { filters, setFilter, page, setPage };
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
