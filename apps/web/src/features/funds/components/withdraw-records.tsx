import { InfiniteScroll } from 'antd-mobile';
import { ExclamationCircleOutline, FileOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { StatusView } from '@/components/status-view';
import { formatMoney } from '@/lib/format-money';
import { useDrawList, type WithdrawRecord } from '../api/get-draw-list';
import type { DrawKind } from '../api/get-draw-symbols';
import { withdrawTone } from '../utils/status-tone';
import { AmountText } from './amount-text';
import history from './history.module.css';
import { Segmented } from './segmented';
import { StatusTag } from './status-tag';
import { useDateTime } from '@/lib/use-date-time';

/** The trader's withdrawals, coin or bank, newest first, loading more on scroll. */
export function WithdrawRecords({ initialType = 1 }: { initialType?: DrawKind }) {
  const { t } = useTranslation();
  const [type, setType] = useState<DrawKind>(initialType);
  return (
    <>
      <Segmented<DrawKind>
        label={t('funds.withdraw_type')}
        testId="records-type"
        value={type}
        onChange={setType}
        options={[
          { value: 1, label: t('funds.type_coin') },
          { value: 2, label: t('funds.type_bank') },
        ]}
      />
      <RecordList key={type} type={type} />
    </>
  );
}

function RecordList({ type }: { type: DrawKind }) {
  const { t } = useTranslation();
  const records = useDrawList(type);
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
    return (
      <StatusView testId="withdraw-records-empty" icon={<FileOutline />} title={t('funds.no_withdrawals')} />
    );
  }
  return (
    <>
      <ul className={history.list} data-testid="withdraw-records">
        {rows.map((record) => (
          <WithdrawRow key={record.id} record={record} />
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

function WithdrawRow({ record }: { record: WithdrawRecord }) {
  // The record's time comes as New York wall-clock text: shown in the trader's zone.
  const when = useDateTime();
  const { t } = useTranslation();
  const usd = t('common.currency');
  const code = record.draw_currency.code;
  const to = record.type === 1 ? record.address : record.payee_account;
  return (
    <li className={history.row} data-testid="withdraw-row" data-status={record.status}>
      <div className={history.top}>
        <span className={history.amount}>
          <AmountText value={formatMoney(record.number)} unit={usd} />
        </span>
        <StatusTag tone={withdrawTone(record.status)}>{record.status_name}</StatusTag>
      </div>
      <div className={history.meta}>
        <bdi className="pw-num">{when(record.created_at_ms)}</bdi>
      </div>
      <dl className={history.grid}>
        <div className={history.cell}>
          <dt className={history.cellLabel}>{t('funds.fee')}</dt>
          <dd className={history.cellValue}>
            <AmountText value={formatMoney(record.fee, { max: 6 })} unit={usd} />
          </dd>
        </div>
        <div className={history.cell}>
          <dt className={history.cellLabel}>{t('funds.arrival_real')}</dt>
          <dd className={history.cellValue}>
            <AmountText value={record.real_number} unit={code} testId="withdraw-real" />
          </dd>
        </div>
        {to ? (
          <div className={`${history.cell} ${history.wide}`}>
            <dt className={history.cellLabel}>
              {record.type === 1 ? t('funds.to_address') : t('funds.to_account')}
              {record.draw_currency.protocol ? (
                <>
                  {' · '}
                  <bdi>{record.draw_currency.protocol}</bdi>
                </>
              ) : null}
            </dt>
            <dd className={`${history.cellValue} ${history.code}`}>{to}</dd>
          </div>
        ) : null}
        {record.payout_reference ? <PayoutReference record={record} /> : null}
      </dl>
      {record.notes ? (
        <p className={history.remark} data-testid="withdraw-notes">
          <span className={history.remarkLabel}>{t('funds.remark')}</span> <bdi>{record.notes}</bdi>
        </p>
      ) : null}
    </li>
  );
}

/**
 * A paid withdrawal's reference, as the operator recorded it (docs/api.md "Funds"): the
 * chain's transaction id for a coin withdrawal, the bank transfer's reference for a wire,
 * to copy and look up. Shown as text: the app knows no block explorer to link it to.
 */
function PayoutReference({ record }: { record: WithdrawRecord }) {
  const { t } = useTranslation();
  return (
    <div className={`${history.cell} ${history.wide}`} data-testid="withdraw-reference">
      <dt className={history.cellLabel}>
        {record.type === 1 ? t('funds.payout_txid') : t('funds.payout_transfer_ref')}
      </dt>
      <dd className={`${history.cellValue} ${history.copyLine}`}>
        <span className={history.code} data-testid="withdraw-reference-text">
          {record.payout_reference}
        </span>
        <CopyButton
          text={record.payout_reference}
          variant="icon"
          label={t('funds.copy_payout_reference')}
          testId="copy-payout-reference"
        />
      </dd>
    </div>
  );
}
