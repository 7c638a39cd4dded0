import { UploadOutlined } from '@ant-design/icons';
import {
  adminImportHistoryEndpoint,
  adminInstrumentsEndpoint,
  HISTORY_IMPORT_FORMATS,
  type HistoryImportFormat,
} from '@pipwise/shared';
import { Alert, Button, Card, Col, Form, Grid, Row, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { request } from '@/lib/api';
import { formatNumber } from '@/lib/format';
import { useApiQuery } from '@/lib/query';
import { BadLinesCard } from './bad-lines-card';
import { fileSizeParts, FORMAT_SAMPLES } from './history-formats';
import { ImportResultCard } from './import-result-card';
import { MAX_MB, submitImport, type ImportOutcome } from './import-submit';

interface Choice {
  instrument?: string;
  format?: HistoryImportFormat;
}

/** What the format's lines look like and which time zone they are in. */
function FormatHint({ format }: { format: HistoryImportFormat }) {
  const { t } = useTranslation();
  const sample = FORMAT_SAMPLES[format];
  return (
    <Typography.Text type="secondary" style={{ display: 'block' }}>
      {t(`history_import.zone.${sample.zone}`)}
      <br />
      {t('history_import.example')}
      {/* The file's own text: left to right in every language, on a line of its own. */}
      <span dir="ltr" style={{ display: 'block', textAlign: 'left' }}>
        <Typography.Text code style={{ wordBreak: 'break-all' }}>
          {sample.example}
        </Typography.Text>
      </span>
    </Typography.Text>
  );
}

/**
 * Recorded prices into an instrument's candles (docs/market-data.md "Back office"): choose
 * the instrument, the file's format and the file; the whole file is checked and written in
 * one go, or refused with its bad lines and nothing written.
 */
export default function HistoryImportPage() {
  const { t } = useTranslation();
  const narrow = Grid.useBreakpoint().md === false;
  const [form] = Form.useForm<Choice>();
  const format = Form.useWatch('format', form);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ fileName: string; outcome: ImportOutcome } | null>(null);
  const instruments = useApiQuery(adminInstrumentsEndpoint, {});

  const run = async (choice: Choice) => {
    if (!file || !choice.instrument || !choice.format) return;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await submitImport(
        t,
        (input) => request(adminImportHistoryEndpoint, input, { silent: true, toastSuccess: true }),
        { instrument: choice.instrument, format: choice.format, file },
      );
      setOutcome({ fileName: file.name, outcome: result });
    } finally {
      setBusy(false);
    }
  };

  const size = file ? fileSizeParts(file.size) : null;
  return (
    <Page title={t('history_import.menu')} description={t('history_import.intro')}>
      <Card size={narrow ? 'small' : 'medium'}>
        <Form<Choice> form={form} layout="vertical" onFinish={(v) => void run(v)} requiredMark={false}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="instrument"
                label={t('history_import.instrument')}
                rules={[{ required: true, message: t('history_import.choose_instrument') }]}
              >
                <Select
                  showSearch
                  data-testid="history-instrument"
                  placeholder={t('history_import.instrument_placeholder')}
                  loading={instruments.isLoading}
                  optionFilterProp="label"
                  options={(instruments.data ?? []).map((i) => ({ value: i.code, label: i.code }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item
                name="format"
                label={t('history_import.format')}
                rules={[{ required: true, message: t('history_import.choose_format') }]}
                extra={format ? <FormatHint format={format} /> : undefined}
              >
                <Select
                  data-testid="history-format"
                  placeholder={t('history_import.format_placeholder')}
                  options={HISTORY_IMPORT_FORMATS.map((f) => ({
                    value: f,
                    label: t(`history_import.format_name.${f}`),
                  }))}
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            label={t('history_import.file')}
            required
            extra={t('history_import.file_help', { mb: MAX_MB })}
          >
            <Upload
              accept=".csv,.txt,text/csv,text/plain"
              maxCount={1}
              fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
              beforeUpload={(chosen) => {
                setFile(chosen);
                setOutcome(null);
                return false;
              }}
              onRemove={() => {
                setFile(null);
                setOutcome(null);
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="history-file">
                {t('history_import.choose_file')}
              </Button>
            </Upload>
            {size ? (
              <Typography.Text type="secondary" data-testid="history-file-size">
                {t(`history_import.size_${size.unit}`, { value: formatNumber(size.value, 1) })}
              </Typography.Text>
            ) : null}
          </Form.Item>
          <Alert type="info" showIcon title={t('history_import.live_note')} style={{ marginBottom: 16 }} />
          <Button
            type="primary"
            htmlType="submit"
            loading={busy}
            disabled={!file}
            data-testid="history-import"
          >
            {busy ? t('history_import.importing') : t('history_import.import')}
          </Button>
        </Form>
      </Card>
      {outcome?.outcome.kind === 'imported' ? (
        <ImportResultCard result={outcome.outcome.result} fileName={outcome.fileName} />
      ) : null}
      {outcome?.outcome.kind === 'refused' ? (
        <BadLinesCard message={outcome.outcome.message} refusal={outcome.outcome.refusal} />
      ) : null}
      {outcome?.outcome.kind === 'failed' ? (
        <Alert type="error" showIcon title={outcome.outcome.message} data-testid="history-failed" />
      ) : null}
    </Page>
  );
}
