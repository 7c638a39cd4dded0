import { CHARGE_RECORDS_ALL } from '@pipwise/shared';
import { InfiniteScroll } from 'antd-mobile';
import { ExclamationCircleOutline, FileOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrivateImageView } from '@/components/private-image-view';
import { StatusView } from '@/components/status-view';
import { formatMoney } from '@/lib/format-money';
import { useChargeRecords, type ChargeFilter, type ChargeRecord } from '../api/get-charge-records';
import { CHARGE_KIND_LABEL, CHARGE_KINDS, chargeKindOf } from '../utils/charge-kinds';
import { chargeTone } from '../utils/status-tone';
import { AmountText } from './amount-text';
import { ChoiceChips } from './choice-chips';
import history from './history.module.css';
import { StatusTag } from './status-tag';
import { useDateTime } from '@/lib/use-date-time';

/**
 * The trader's deposits, newest first: all of them by default, whichever method they were
 * made with — a coin deposit must not hide behind the bank wire form — or one method's.
 */
export function ChargeHistory() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ChargeFilter>(CHARGE_RECORDS_ALL);
  return (
    <>
      <ChoiceChips<ChargeFilter>
        label={t('funds.history_filter')}
        testId="charge-filter"
        value={filter}
        onChange={setFilter}
        choices={[
          { value: CHARGE_RECORDS_ALL, label: t('funds.filter_all') },
          ...CHARGE_KINDS.map((kind) => ({ value: kind, label: t(CHARGE_KIND_LABEL[kind]) })),
        ]}
      />
      <ChargeRecords key={filter} filter={filter} />
    </>
  );
}

/** One filter's deposits, loading more on scroll. */
function ChargeRecords({ filter }: { filter: ChargeFilter }) {
  const { t } = useTranslation();
  const records = useChargeRecords(filter);
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
  // The record's time comes as New York wall-clock text: shown in the trader's zone.
  const when = useDateTime();
  const { t } = useTranslation();
  const [showProof, setShowProof] = useState(false);
  // In the list of every method, each row says which one it was made with.
  const kind = chargeKindOf(record.type);
  return (
    <li className={history.row} data-testid="charge-row" data-status={record.status} data-type={record.type}>
      <div className={history.top}>
        <span className={history.amount}>
          <AmountText value={record.number} unit={record.currency_code} />
          {record.protocol_code ? <bdi className={history.network}>{record.protocol_code}</bdi> : null}
        </span>
        <StatusTag tone={chargeTone(record.status)}>{record.status_name}</StatusTag>
      </div>
      <div className={history.meta}>
        <span>
          {kind === null ? null : (
            <>
              <span data-testid="charge-kind">{t(CHARGE_KIND_LABEL[kind])}</span>
              {' · '}
            </>
          )}
          <bdi className="pw-num">{when(record.created_at_ms)}</bdi>
        </span>
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
