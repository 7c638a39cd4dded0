import { useTranslation } from 'react-i18next';
import type { ChargeKind } from '../api/get-charge-records';
import { CardCharge } from './card-charge';
import { ChargeHistory } from './charge-history';
import { CoinCharge } from './coin-charge';
import styles from './funds.module.css';
import { Segmented } from './segmented';
import { WireCharge } from './wire-charge';

/** `?type=` of /mine/charge: 0 coin (the default), 1 bank wire, 2 card — the records' types. */
export function parseChargeKind(value: string | null): ChargeKind {
  return value === '1' ? 1 : value === '2' ? 2 : 0;
}

/**
 * /mine/charge (docs/product.md §2): the deposit method, its form, and the deposits made with it.
 */
export function ChargeBoard({ kind, onKind }: { kind: ChargeKind; onKind: (kind: ChargeKind) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.body} data-testid="charge-board" data-kind={kind}>
      <Segmented<ChargeKind>
        label={t('funds.method')}
        testId="charge-method"
        value={kind}
        onChange={onKind}
        options={[
          { value: 0, label: t('funds.method_coin') },
          { value: 1, label: t('funds.method_wire') },
          { value: 2, label: t('funds.method_card') },
        ]}
      />
      {kind === 0 ? <CoinCharge /> : kind === 1 ? <WireCharge /> : <CardCharge />}
      <h2 className={styles.sectionTitle}>{t('funds.deposit_history')}</h2>
      <ChargeHistory key={kind} type={kind} />
    </div>
  );
}
