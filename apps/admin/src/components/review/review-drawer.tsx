import { Button, Drawer, Flex, Popconfirm, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts, type Fact } from '@/components/facts';
import { ReasonModal } from '@/components/reason-modal';
import { CodeTag } from '@/components/status';
import { useApiDecision } from '@/lib/use-submission';
import { EntryModal } from './entry-modal';
import { awaitsDecision, staleAfterDecision } from './review-actions';
import { reviewFacts, type ReviewedRow } from './review-facts';
import type { EntryAction, ReasonAction, ReviewAction, ReviewQueue } from './types';

interface Props<Row extends ReviewedRow & { status: number }> {
  /** The queue the row is in: its decisions, its status tags, what a decision makes stale. */
  queue: ReviewQueue<Row>;
  row: Row;
  title: string;
  size: number;
  /** The row's own facts, between who sent it and when it came in. */
  facts: readonly Fact[];
  /** The last line: the note the decision left the trader (`reviewFacts.note`). */
  note: Fact;
  onClose: () => void;
  /** Below the facts: the proof, the identity photos. */
  children?: ReactNode;
}

/**
 * One row of a review queue: its facts, what came with it, and its decisions in the
 * header while it awaits one — a confirmed one behind a question, a refusal behind the
 * reason it gives, one that records a value (a payout reference) behind its question and
 * that value. Every decision goes through one gate (one at a time, one key each); the
 * drawer closes once one went through. The facts every queue shows the same way (status,
 * sender, dates) frame the row's own.
 */
export function ReviewDrawer<Row extends ReviewedRow & { status: number }>({
  queue,
  row,
  title,
  size,
  facts,
  note,
  onClose,
  children,
}: Props<Row>) {
  const { t } = useTranslation();
  const decision = useApiDecision({ invalidates: staleAfterDecision(queue), onSuccess: onClose });
  /** The decision sent last (its button shows the wait). */
  const [sent, setSent] = useState<ReviewAction | null>(null);
  /** The refusal whose reason is being written; kept while its dialog fades out. */
  const [refusal, setRefusal] = useState<{ action: ReasonAction; open: boolean } | null>(null);
  /** The decision whose value is being typed; kept while its dialog fades out. */
  const [entry, setEntry] = useState<{ action: EntryAction; open: boolean } | null>(null);
  const busy = (action: ReviewAction) => decision.locked && sent?.key === action.key;

  const decide = (action: ReviewAction, typed = '') => {
    setSent(action);
    void decision.submit(action.kind === 'confirm' ? action.call() : action.call(typed));
  };
  const opens = (action: ReviewAction) =>
    action.kind === 'reason'
      ? () => setRefusal({ action, open: true })
      : action.kind === 'entry'
        ? () => setEntry({ action, open: true })
        : undefined;

  const buttons = queue.actions(t, row).map((action) => {
    const button = (
      <Button
        key={action.key}
        type={action.look === 'primary' ? 'primary' : 'default'}
        danger={action.look === 'danger'}
        loading={action.kind !== 'reason' && busy(action)}
        onClick={opens(action)}
        data-testid={action.testId}
      >
        {action.label}
      </Button>
    );
    if (action.kind !== 'confirm') return button;
    return (
      <Popconfirm
        key={action.key}
        title={action.question}
        okText={action.label}
        cancelText={t('admin_app.common.cancel')}
        onConfirm={() => decide(action)}
        okButtonProps={{ 'data-testid': `${action.testId}-confirm` }}
      >
        {button}
      </Popconfirm>
    );
  });

  return (
    <Drawer
      open
      onClose={onClose}
      size={size}
      title={title}
      data-testid={`${queue.name}-review`}
      extra={awaitsDecision(queue, row) ? <Space>{buttons}</Space> : null}
    >
      <Flex vertical gap={20}>
        <Facts
          facts={[
            ...reviewFacts.head(t, row, <CodeTag of={queue.statuses} code={row.status} />),
            ...facts,
            ...reviewFacts.tail(t, row),
            note,
          ]}
        />
        {children}
      </Flex>
      <ReasonModal
        open={refusal?.open ?? false}
        title={refusal?.action.label ?? ''}
        label={refusal?.action.reason.label ?? ''}
        help={refusal?.action.reason.help}
        okText={refusal?.action.label ?? ''}
        danger
        loading={sent?.kind === 'reason' && decision.locked}
        onCancel={() => setRefusal((r) => r && { ...r, open: false })}
        onSubmit={(reason) => {
          if (refusal) decide(refusal.action, reason);
          setRefusal((r) => r && { ...r, open: false });
        }}
      />
      {entry ? (
        <EntryModal
          action={entry.action}
          open={entry.open}
          loading={sent?.kind === 'entry' && decision.locked}
          onCancel={() => setEntry((e) => e && { ...e, open: false })}
          onSubmit={(value) => {
            if (entry) decide(entry.action, value);
            setEntry((e) => e && { ...e, open: false });
          }}
        />
      ) : null}
    </Drawer>
  );
}
