import { useTranslation } from 'react-i18next';
import type { ChargeKind } from '../api/get-charge-records';
import { CHARGE_KIND_LABEL, CHARGE_KINDS } from '../utils/charge-kinds';
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
 * /mine/charge (docs/product.md §2): the deposit method, its form, and the trader's deposits.
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
        options={CHARGE_KINDS.map((value) => ({ value, label: t(CHARGE_KIND_LABEL[value]) }))}
      />
      {kind === 0 ? <CoinCharge /> : kind === 1 ? <WireCharge /> : <CardCharge />}
      <h2 className={styles.sectionTitle}>{t('funds.deposit_history')}</h2>
      {/* One list of every deposit, whichever method the form above is on. */}
      <ChargeHistory />
    </div>
  );
}
