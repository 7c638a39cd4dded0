import { ReviewStatus, type Identity } from '@pipwise/shared';
import {
  CheckShieldFill,
  ClockCircleOutline,
  CloseCircleOutline,
  ExclamationCircleOutline,
} from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormField, fieldInput, fieldInputLtr } from '@/components/form-field';
import { ImageSlot, type SlotValue } from '@/components/image-slot';
import { PrivateImageView } from '@/components/private-image-view';
import { StatusView } from '@/components/status-view';
import { useIdentity } from '../api/get-identity';
import { useSubmitIdentity } from '../api/submit-identity';
import {
  checkIdentity,
  IDENTITY_MAX_LENGTH,
  type IdentityField,
  type IdentityProblem,
} from '../utils/identity-check';
import styles from './identity.module.css';

/**
 * /mine/auth (docs/product.md §2, §4): not submitted → the form; under review → the details sent;
 * verified → the masked details; rejected → the reason above the form, to send again.
 */
export function IdentityCenter() {
  const { t } = useTranslation();
  const identity = useIdentity();
  if (identity.isPending) return <div className={styles.skeleton} aria-busy="true" />;
  if (identity.isError) {
    return (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('mine.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void identity.refetch() }}
      />
    );
  }
  const data = identity.data;
  switch (data.review_status) {
    case ReviewStatus.None:
      return <IdentityForm />;
    case ReviewStatus.Rejected:
      return (
        <>
          <div className={styles.rejected} role="alert" data-testid="identity-rejected">
            <CloseCircleOutline className={styles.rejectedIcon} />
            <div>
              <p className={styles.rejectedTitle}>{t('identity.rejected_title')}</p>
              {data.reason ? (
                <p className={styles.rejectedReason} dir="auto" data-testid="identity-reason">
                  {data.reason}
                </p>
              ) : null}
            </div>
          </div>
          <IdentityForm />
        </>
      );
    case ReviewStatus.Review:
      return <IdentitySummary identity={data} state="review" />;
    default:
      return <IdentitySummary identity={data} state="verified" />;
  }
}

function IdentitySummary({ identity, state }: { identity: Identity; state: 'review' | 'verified' }) {
  const { t } = useTranslation();
  return (
    <div className={styles.summary} data-testid={`identity-${state}`}>
      <div className={`${styles.banner} ${state === 'verified' ? styles.verified : styles.review}`}>
        <span className={styles.bannerIcon} aria-hidden>
          {state === 'verified' ? <CheckShieldFill /> : <ClockCircleOutline />}
        </span>
        <div>
          <h2 className={styles.bannerTitle}>
            {state === 'verified' ? t('identity.verified_title') : t('identity.review_title')}
          </h2>
          <p className={styles.bannerText}>
            {state === 'verified' ? t('identity.verified_desc') : t('identity.review_desc')}
          </p>
        </div>
      </div>
      <dl className={styles.details}>
        <div className={styles.kv}>
          <dt>{t('identity.name')}</dt>
          <dd data-testid="identity-name">{identity.name}</dd>
        </div>
        <div className={styles.kv}>
          <dt>{t('identity.card_id')}</dt>
          <dd className={styles.ltr} data-testid="identity-card-id">
            {identity.card_id}
          </dd>
        </div>
      </dl>
      {identity.front_pic || identity.reverse_pic ? (
        <div className={styles.photos}>
          {identity.front_pic ? (
            <figure className={styles.photo}>
              <PrivateImageView url={identity.front_pic} alt={t('identity.front')} testId="identity-front" />
              <figcaption>{t('identity.front')}</figcaption>
            </figure>
          ) : null}
          {identity.reverse_pic ? (
            <figure className={styles.photo}>
              <PrivateImageView url={identity.reverse_pic} alt={t('identity.back')} testId="identity-back" />
              <figcaption>{t('identity.back')}</figcaption>
            </figure>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

const EMPTY_SLOT: SlotValue = { url: null, uploading: false };

function IdentityForm() {
  const { t } = useTranslation();
  const nameId = useId();
  const cardId = useId();
  const [name, setName] = useState('');
  const [card, setCard] = useState('');
  const [front, setFront] = useState<SlotValue>(EMPTY_SLOT);
  const [back, setBack] = useState<SlotValue>(EMPTY_SLOT);
  const [problem, setProblem] = useState<IdentityProblem | null>(null);
  const submitCall = useSubmitIdentity();

  const errorFor = (field: IdentityField): string | null => {
    if (problem?.field !== field) return null;
    if (problem.kind === 'uploading') return t('upload.still_uploading');
    if (problem.kind === 'too_long') {
      return t('identity.too_long', { max: IDENTITY_MAX_LENGTH[field as 'name' | 'card_id'] });
    }
    return {
      name: t('identity.enter_name'),
      card_id: t('identity.enter_card_id'),
      front_pic: t('identity.upload_front'),
      reverse_pic: t('identity.upload_back'),
    }[field];
  };
  const clear = (field: IdentityField) => setProblem((p) => (p?.field === field ? null : p));

  const submit = () => {
    if (submitCall.isPending) return;
    const found = checkIdentity({ name, cardId: card, front, back });
    setProblem(found);
    if (found || !front.url || !back.url) return;
    submitCall.mutate({
      name: name.trim(),
      card_id: card.trim(),
      front_pic: front.url,
      reverse_pic: back.url,
    });
  };
  const photoError = errorFor('front_pic') ?? errorFor('reverse_pic');

  return (
    <form
      className={styles.form}
      noValidate
      data-testid="identity-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p className={styles.intro}>{t('identity.intro')}</p>
      <FormField id={nameId} label={t('identity.name')} error={errorFor('name')}>
        <input
          id={nameId}
          className={fieldInput}
          value={name}
          maxLength={IDENTITY_MAX_LENGTH.name}
          autoComplete="name"
          placeholder={t('identity.name_placeholder')}
          data-testid="identity-name-input"
          onChange={(e) => {
            setName(e.target.value);
            clear('name');
          }}
        />
      </FormField>
      <FormField id={cardId} label={t('identity.card_id')} error={errorFor('card_id')}>
        <input
          id={cardId}
          className={fieldInputLtr}
          value={card}
          maxLength={IDENTITY_MAX_LENGTH.card_id}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('identity.card_id_placeholder')}
          data-testid="identity-card-input"
          onChange={(e) => {
            setCard(e.target.value);
            clear('card_id');
          }}
        />
      </FormField>
      <div className={styles.group}>
        <span className={styles.groupLabel}>{t('identity.photos')}</span>
        <div className={styles.slots}>
          <ImageSlot
            label={t('identity.front')}
            invalid={problem?.field === 'front_pic'}
            testId="identity-front-slot"
            onChange={(value) => {
              setFront(value);
              if (value.url) clear('front_pic');
            }}
          />
          <ImageSlot
            label={t('identity.back')}
            invalid={problem?.field === 'reverse_pic'}
            testId="identity-back-slot"
            onChange={(value) => {
              setBack(value);
              if (value.url) clear('reverse_pic');
            }}
          />
        </div>
        {photoError ? (
          <p className={styles.error} role="alert" data-testid="field-error">
            {photoError}
          </p>
        ) : (
          <p className={styles.hint}>{t('identity.photos_hint')}</p>
        )}
      </div>
      <Button
        block
        type="submit"
        color="primary"
        className={styles.submit}
        loading={submitCall.isPending}
        data-testid="identity-submit"
      >
        {t('identity.submit')}
      </Button>
    </form>
  );
}
