import { InfiniteScroll } from 'antd-mobile';
import { ExclamationCircleOutline, FileOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrivateImageView } from '@/components/private-image-view';
import { StatusView } from '@/components/status-view';
import { formatMoney } from '@/lib/format-money';
import { useChargeRecords, type ChargeKind, type ChargeRecord } from '../api/get-charge-records';
import { chargeTone } from '../utils/status-tone';
import { AmountText } from './amount-text';
import history from './history.module.css';
import { StatusTag } from './status-tag';

/** The trader's deposits of one method, newest first, loading more on scroll. */
export function ChargeHistory({ type }: { type: ChargeKind }) {
  const { t } = useTranslation();
  const records = useChargeRecords(type);
  const rows = useMemo(() => {
    const seen = new Set<number>();
    return (records.data?.pages ?? [])
      .flatMap((p) => p.data)
      .filter((r) => !seen.has(r.id) && !!seen.add(r.id));
  }, [records.data]);

  if (records.isPending) return <div className={history.skeleton} aria-busy="true" />;
  if (records.isError && !records.data) {
    return (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('mine.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void records.refetch() }}
      />
    );
  }
  if (rows.length === 0) {
    return <StatusView testId="charge-history-empty" icon={<FileOutline />} title={t('funds.no_deposits')} />;
  }
  return (
    <>
      <ul className={history.list} data-testid="charge-history">
        {rows.map((record) => (
          <ChargeRow key={record.id} record={record} />
        ))}
      </ul>
      <InfiniteScroll
        hasMore={records.hasNextPage}
        loadMore={async () => {
          await records.fetchNextPage({ throwOnError: true });
        }}
      />
    </>
  );
}

function ChargeRow({ record }: { record: ChargeRecord }) {
  const { t } = useTranslation();
  const [showProof, setShowProof] = useState(false);
  return (
    <li className={history.row} data-testid="charge-row" data-status={record.status}>
      <div className={history.top}>
        <span className={history.amount}>
          <AmountText value={record.number} unit={record.currency_code} />
          {record.protocol_code ? <bdi className={history.network}>{record.protocol_code}</bdi> : null}
        </span>
        <StatusTag tone={chargeTone(record.status)}>{record.status_name}</StatusTag>
      </div>
      <div className={history.meta}>
        <span className="pw-num">{record.created_at}</span>
        {record.credited > 0 ? (
          <span>
            {t('funds.credited')} <span className="pw-num">{formatMoney(record.credited)}</span>{' '}
            {t('common.currency')}
          </span>
        ) : null}
      </div>
      {record.remark ? (
        <p className={history.remark} data-testid="charge-remark">
          <span className={history.remarkLabel}>{t('funds.remark')}</span> <bdi>{record.remark}</bdi>
        </p>
      ) : null}
      {record.proof_img ? (
        <>
          <button
            type="button"
            className={history.toggle}
            aria-expanded={showProof}
            onClick={() => setShowProof((v) => !v)}
          >
            {showProof ? t('funds.hide_proof') : t('funds.view_proof')}
          </button>
          {showProof ? (
            <PrivateImageView url={record.proof_img} alt={t('funds.proof')} testId="charge-proof" />
          ) : null}
        </>
      ) : null}
    </li>
  );
}
