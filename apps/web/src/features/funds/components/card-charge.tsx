import { Button } from 'antd-mobile';
import { ExclamationCircleOutline, InformationCircleOutline, LinkOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusView } from '@/components/status-view';
import { useCardInfo } from '../api/get-card-info';
import { useSubmitCharge } from '../api/submit-charge';
import { safeExternalUrl } from '../utils/external-url';
import { ChoiceChips } from './choice-chips';
import { DepositFields } from './deposit-fields';
import styles from './funds.module.css';

/**
 * Card deposit through an operator-configured provider: follow the operator's
 * instructions, pay on the provider's page (opened outside the app), then tell the
 * amount and upload the receipt.
 */
export function CardCharge() {
  const { t } = useTranslation();
  const channels = useCardInfo();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const submitCall = useSubmitCharge();

  if (channels.isPending) return <div className={styles.skeleton} aria-busy="true" />;
  if (channels.isError) {
    return (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('mine.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void channels.refetch() }}
      />
    );
  }
  const channel = channels.data.find((c) => c.id === chosenId) ?? channels.data[0];
  if (!channel) {
    return (
      <StatusView testId="card-none" icon={<InformationCircleOutline />} title={t('funds.no_card_channel')} />
    );
  }
  const providerUrl = safeExternalUrl(channel.provider_url);

  return (
    <div className={styles.form}>
      {channels.data.length > 1 ? (
        <div className={styles.group}>
          <span className={styles.groupLabel}>{t('funds.card_provider')}</span>
          <ChoiceChips
            label={t('funds.card_provider')}
            testId="card-choice"
            value={channel.id}
            choices={channels.data.map((c) => ({
              value: c.id,
              label: c.provider_name,
              sub: c.currency_code,
            }))}
            onChange={setChosenId}
          />
        </div>
      ) : null}
      <section className={styles.card} data-testid="card-channel">
        <div className={styles.kv}>
          <bdi className={styles.strong}>{channel.provider_name}</bdi>
          <bdi className={styles.muted}>{channel.currency_code}</bdi>
        </div>
        {channel.instructions ? (
          <p className={styles.instructions} dir="auto" data-testid="card-instructions">
            {channel.instructions}
          </p>
        ) : null}
        {providerUrl ? (
          <Button
            block
            color="primary"
            fill="outline"
            className={styles.submit}
            data-testid="card-pay"
            onClick={() => {
              window.open(providerUrl, '_blank', 'noopener,noreferrer');
            }}
          >
            <span className={styles.buttonLabel}>
              <LinkOutline /> {t('funds.pay_by_card')}
            </span>
          </Button>
        ) : null}
        <p className={styles.hintLine}>{t('funds.card_after_pay')}</p>
      </section>
      <DepositFields
        key={channel.id}
        testId="card-deposit"
        currency={channel.currency_code}
        usdRate={channel.usd_rate}
        proofLabel={t('funds.proof_card')}
        submit={({ number, proofImg }, key) =>
          submitCall({ kind: 'card', input: { number, proofImg, card_id: channel.id } }, key)
        }
      />
    </div>
  );
}
