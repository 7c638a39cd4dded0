import { ExclamationCircleOutline, InformationCircleOutline } from 'antd-mobile-icons';
import { QRCodeSVG } from 'qrcode.react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { FormField, fieldInputLtr } from '@/components/form-field';
import { StatusView } from '@/components/status-view';
import { useChargeInfo } from '../api/get-charge-info';
import { useChargeSymbols } from '../api/get-charge-symbols';
import { useSubmitCharge } from '../api/submit-charge';
import { pickCoinChannel } from '../utils/coin-channel';
import { ChoiceChips } from './choice-chips';
import { DepositFields } from './deposit-fields';
import styles from './funds.module.css';

/**
 * Coin deposit: choose the coin and its network, send to the address shown (QR and copy),
 * then tell the amount, optionally the sending address or transaction id, and the proof.
 */
export function CoinCharge() {
  const { t } = useTranslation();
  const senderId = useId();
  const symbols = useChargeSymbols();
  const info = useChargeInfo();
  const [coin, setCoin] = useState<string | null>(null);
  const [network, setNetwork] = useState<string | null>(null);
  const [sender, setSender] = useState('');
  const submitCall = useSubmitCharge();

  if (symbols.isPending || info.isPending) return <div className={styles.skeleton} aria-busy="true" />;
  if (symbols.isError || info.isError) {
    return (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('mine.load_failed')}
        action={{
          label: t('common.retry'),
          onClick: () => void Promise.all([symbols.refetch(), info.refetch()]),
        }}
      />
    );
  }
  const choice = pickCoinChannel(symbols.data, info.data, coin, network);
  if (!choice.coin) {
    return (
      <StatusView testId="coin-none" icon={<InformationCircleOutline />} title={t('funds.no_coin_channel')} />
    );
  }
  const channel = choice.channel;

  return (
    <div className={styles.form}>
      <div className={styles.group}>
        <span className={styles.groupLabel}>{t('funds.coin')}</span>
        <ChoiceChips
          label={t('funds.coin')}
          testId="coin-choice"
          value={choice.coin}
          choices={symbols.data.map((s) => ({ value: s.currency_code, label: s.currency_code }))}
          onChange={(value) => {
            setCoin(value);
            setNetwork(null);
          }}
        />
      </div>
      <div className={styles.group}>
        <span className={styles.groupLabel}>{t('funds.network')}</span>
        <ChoiceChips
          label={t('funds.network')}
          testId="network-choice"
          value={choice.network}
          choices={choice.networks.map((n) => ({ value: n, label: n }))}
          onChange={setNetwork}
        />
      </div>

      {channel ? (
        <section className={`${styles.card} ${styles.addressCard}`} data-testid="deposit-address">
          <div className={styles.qr} data-testid="deposit-qr">
            <QRCodeSVG
              value={channel.address}
              size={160}
              level="M"
              marginSize={2}
              title={t('funds.address_qr')}
            />
          </div>
          <div className={styles.copyRow}>
            <span className={styles.groupLabel}>
              {t('funds.deposit_address')} ·{' '}
              <bdi>
                {channel.currency_code} {channel.protocol_code}
              </bdi>
            </span>
            <div className={styles.copyLine}>
              <span className={`${styles.copyValue} ${styles.code}`} data-testid="deposit-address-text">
                {channel.address}
              </span>
              <CopyButton text={channel.address} label={t('funds.copy_address')} testId="copy-address" />
            </div>
          </div>
          <p className={`${styles.notice} ${styles.warn}`}>
            <ExclamationCircleOutline />
            <span>
              {t('funds.network_warning', { coin: channel.currency_code, network: channel.protocol_code })}
            </span>
          </p>
        </section>
      ) : (
        <p className={`${styles.notice} ${styles.warn}`} data-testid="network-none">
          <ExclamationCircleOutline />
          <span>{t('funds.no_network_channel')}</span>
        </p>
      )}

      {channel ? (
        <DepositFields
          key={channel.id}
          testId="coin-deposit"
          currency={channel.currency_code}
          usdRate={channel.usd_rate}
          proofLabel={t('funds.proof_coin')}
          submit={async ({ number, proofImg }, key) => {
            await submitCall(
              {
                kind: 'coin',
                input: { number, proofImg, charge_id: channel.id, address: sender.trim() || undefined },
              },
              key,
            );
            setSender('');
          }}
        >
          <FormField id={senderId} label={t('funds.sender')} hint={t('funds.sender_hint')}>
            <input
              id={senderId}
              className={fieldInputLtr}
              value={sender}
              maxLength={128}
              autoComplete="off"
              spellCheck={false}
              placeholder={t('funds.optional')}
              data-testid="coin-deposit-sender"
              onChange={(e) => setSender(e.target.value)}
            />
          </FormField>
        </DepositFields>
      ) : null}
    </div>
  );
}
