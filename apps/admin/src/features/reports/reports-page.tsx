import { DownloadOutlined } from '@ant-design/icons';
import { REPORT_NAMES, type ReportName } from '@pipwise/shared';
import { Button, Card, Flex, Grid, Select, Tabs, Typography } from 'antd';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { notify } from '@/lib/notify';
import { BookPanelsNote, TrialBalancePanel, UsersPanel } from './book-panels';
import { downloadCsv } from './csv-download';
import { EntriesDrawer, type Drill } from './entries-drawer';
import { FundsPanel, PnlPanel, RevenuePanel, type PanelProps } from './ledger-panels';
import { defaultQuery, RangeControls, type ReportQuery } from './range-controls';

const PANELS: Record<ReportName, ComponentType<PanelProps>> = {
  pnl: PnlPanel,
  revenue: RevenuePanel,
  funds: FundsPanel,
  users: UsersPanel,
  'trial-balance': TrialBalancePanel,
};

/**
 * The operators' reports (docs/reports.md): a range of days in the operator's time zone, one
 * report at a time as a chart and a table whose amounts open the ledger entries behind
 * them, and each report as a CSV file. Real money only.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const narrow = Grid.useBreakpoint().md === false;
  const [query, setQuery] = useState<ReportQuery>(defaultQuery);
  const [report, setReport] = useState<ReportName>('pnl');
  const [drill, setDrill] = useState<Drill | null>(null);
  const [downloading, setDownloading] = useState(false);
  const Panel = PANELS[report];

  const download = async () => {
    setDownloading(true);
    try {
      await downloadCsv(`/api/admin/reports/${report}.csv`, { ...query });
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Page title={t('admin_reports.menu')} description={t('admin_reports.intro')}>
      <Card>
        <Flex justify="space-between" gap={12} wrap align="center">
          <RangeControls value={query} onChange={setQuery} narrow={narrow} />
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void download()}
            loading={downloading}
            block={narrow}
            data-testid="report-csv"
          >
            {t('admin_reports.csv')}
          </Button>
        </Flex>
      </Card>
      <Card>
        {narrow ? (
          // Five tabs do not fit a phone's width: a list does.
          <Select
            value={report}
            onChange={setReport}
            options={REPORT_NAMES.map((name) => ({ value: name, label: t(`admin_reports.report.${name}`) }))}
            style={{ width: '100%', marginBottom: 12 }}
            aria-label={t('admin_reports.menu')}
            data-testid="report-select"
          />
        ) : (
          <Tabs
            activeKey={report}
            onChange={(key) => setReport(key as ReportName)}
            items={REPORT_NAMES.map((name) => ({
              key: name,
              label: <span data-testid={`report-tab-${name}`}>{t(`admin_reports.report.${name}`)}</span>,
            }))}
          />
        )}
        <Typography.Paragraph type="secondary">{t(`admin_reports.about.${report}`)}</Typography.Paragraph>
        <Flex vertical gap={16}>
          <Panel query={query} onDrill={setDrill} />
        </Flex>
        <BookPanelsNote />
      </Card>
      <EntriesDrawer drill={drill} onClose={() => setDrill(null)} narrow={narrow} />
    </Page>
  );
}
