import {
  adminReportEntriesCsvEndpoint,
  adminReportEntriesEndpoint,
  REPORT_ENTRIES_PAGE_SIZE,
  type ReportEntry,
} from '@pipwise/shared';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Drawer, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useApiQuery } from '@/lib/query';
import { serverPagination } from '@/lib/table';
import { downloadCsv } from './csv-download';
import type { ReportQuery } from './range-controls';
import { formatMicros } from './report-money';

/** The figure an operator opened: one house account, maybe one instrument, over some days. */
export interface Drill extends ReportQuery {
  account: string;
  instrument_id?: number;
  /** What the figure is called on screen (the drawer's title). */
  title: string;
}

/** The ledger entries behind a report's figure, paged, with their own CSV. */
export function EntriesDrawer({
  drill,
  onClose,
  narrow,
}: {
  drill: Drill | null;
  onClose: () => void;
  narrow: boolean;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const input = drill ? { ...drill, page } : { from: '', to: '', tz: '', account: '', page };
  const { data, isFetching } = useApiQuery(adminReportEntriesEndpoint, input, { enabled: drill !== null });
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!drill) return;
    setBusy(true);
    try {
      await downloadCsv(adminReportEntriesCsvEndpoint.path, { ...drill, title: undefined });
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer
      open={drill !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      size={narrow ? '100%' : 860}
      title={drill?.title}
      extra={
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void download()}
          loading={busy}
          data-testid="entries-csv"
        >
          {t('admin_reports.csv')}
        </Button>
      }
      data-testid="report-entries"
    >
      <Typography.Paragraph type="secondary">
        {drill
          ? t('admin_reports.entries_of', { account: drill.account, from: drill.from, to: drill.to })
          : null}
      </Typography.Paragraph>
      <Table<ReportEntry>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.data ?? []}
        pagination={{ ...serverPagination(page, data?.total, setPage), pageSize: REPORT_ENTRIES_PAGE_SIZE }}
        scroll={{ x: 720 }}
        columns={[
          {
            title: t('admin_reports.col.time'),
            key: 'time',
            // In the report's zone, the one its days are cut in (named in every cell).
            render: (_, e) => formatTime(e.created_at, drill?.tz),
          },
          { title: t('admin_reports.col.user'), dataIndex: 'uid' },
          { title: t('admin_reports.col.kind'), dataIndex: 'kind' },
          {
            title: t('admin_reports.col.reference'),
            key: 'ref',
            render: (_, e) => (e.ref_type ? `${e.ref_type} #${e.ref_id}` : '—'),
          },
          { title: t('admin_reports.col.memo'), dataIndex: 'memo', render: (m: string | null) => m ?? '' },
          {
            title: t('admin_reports.col.amount'),
            key: 'amount',
            align: 'end',
            render: (_, e) => <bdi dir="ltr">{formatMicros(e.amount_micros)}</bdi>,
          },
        ]}
      />
    </Drawer>
  );
}
