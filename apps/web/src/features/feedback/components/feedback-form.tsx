import {
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_TOPICS,
  FEEDBACK_MESSAGE_MIN,
  type FeedbackTopicValue,
} from '@pipwise/shared';
import { Selector } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { fieldTextArea, FormField } from '@/components/form-field';
import { ImageSlot, type SlotValue } from '@/components/image-slot';
import { useSubmitFeedback } from '../api/submit-feedback';
import { feedbackProblems, lengthOf, type FeedbackProblems } from '../lib/feedback-form';
import styles from './feedback-form.module.css';

interface Props {
  /** Demo accounts cannot upload (uploads are for real accounts): no screenshot slot. */
  demo: boolean;
  onSent: () => void;
}

/** /feedback: a topic, a message and an optional screenshot for the support team. */
export function FeedbackForm({ demo, onSent }: Props) {
  const { t } = useTranslation();
  const messageId = useId();
  const [topic, setTopic] = useState<FeedbackTopicValue | null>(null);
  const [message, setMessage] = useState('');
  const [screenshot, setScreenshot] = useState<SlotValue>({ url: null, uploading: false });
  const [problems, setProblems] = useState<FeedbackProblems>({});
  const [tried, setTried] = useState(false);
  const submit = useSubmitFeedback();

  const problemText = (key: FeedbackProblems[keyof FeedbackProblems]) =>
    key === 'choose_topic'
      ? t('content.feedback_choose_topic')
      : key === 'too_short'
        ? t('content.feedback_message_short', { min: FEEDBACK_MESSAGE_MIN })
        : key === 'too_long'
          ? t('content.feedback_message_long', { max: FEEDBACK_MESSAGE_MAX })
          : null;

  const send = () => {
    setTried(true);
    const found = feedbackProblems({ topic, message });
    setProblems(found);
    if (Object.keys(found).length > 0 || topic === null || screenshot.uploading) return;
    submit.mutate(
      { topic, message: message.trim(), ...(screenshot.url ? { screenshot: screenshot.url } : {}) },
      { onSuccess: onSent },
    );
  };
  const recheck = (next: { topic?: FeedbackTopicValue | null; message?: string }) => {
    if (tried) setProblems(feedbackProblems({ topic, message, ...next }));
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      data-testid="feedback-form"
    >
      <p className={styles.intro}>{t('content.feedback_intro')}</p>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('content.feedback_topic')}</legend>
        <Selector
          className={styles.topics}
          columns={2}
          options={FEEDBACK_TOPICS.map((value) => ({ value, label: t(`content.feedback_topic_${value}`) }))}
          value={topic === null ? [] : [topic]}
          onChange={(values) => {
            const next = values[0] ?? null;
            setTopic(next);
            recheck({ topic: next });
          }}
          data-testid="feedback-topics"
        />
        {problems.topic ? (
          <p className={styles.error} role="alert" data-testid="topic-error">
            {problemText(problems.topic)}
          </p>
        ) : null}
      </fieldset>

      <FormField
        id={messageId}
        label={t('content.feedback_message')}
        error={problemText(problems.message)}
        hint={
          <span className={styles.count}>
            <bdi dir="ltr">{`${lengthOf(message)} / ${FEEDBACK_MESSAGE_MAX}`}</bdi>
          </span>
        }
        testId="feedback-message-field"
      >
        <textarea
          id={messageId}
          className={`${fieldTextArea} ${styles.message}`}
          rows={6}
          maxLength={FEEDBACK_MESSAGE_MAX * 2}
          placeholder={t('content.feedback_message_placeholder')}
          value={message}
          onChange={(e) => {
            setMessage(e.target.value);
            recheck({ message: e.target.value });
          }}
          data-testid="feedback-message"
        />
      </FormField>

      {demo ? (
        <div className={styles.fieldset}>
          <span className={styles.legend}>{t('content.feedback_screenshot')}</span>
          <p className={styles.note} data-testid="screenshot-real-only">
            {t('content.feedback_screenshot_real_only')}
          </p>
        </div>
      ) : (
        <div className={styles.slot}>
          <ImageSlot
            label={t('content.feedback_screenshot')}
            onChange={setScreenshot}
            testId="feedback-screenshot"
          />
        </div>
      )}

      <Button
        block
        type="submit"
        color="primary"
        size="large"
        shape="rounded"
        className={styles.submit}
        loading={submit.isPending}
        disabled={screenshot.uploading}
        data-testid="feedback-submit"
      >
        {screenshot.uploading ? t('content.feedback_wait_upload') : t('content.feedback_submit')}
      </Button>
    </form>
  );
}
