import { Button, Drawer, Flex, Popconfirm, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts, type Fact } from '@/components/facts';
import { ReasonModal } from '@/components/reason-modal';
import { useApiDecision } from '@/lib/use-submission';
import type { ReasonAction, ReviewAction } from './types';

interface Props {
  title: string;
  /** The drawer's `data-testid`. */
  testId: string;
  size: number;
  /** The row still awaits a decision: only then are the actions offered. */
  awaiting: boolean;
  actions: readonly ReviewAction[];
  facts: readonly Fact[];
  /** Lists made stale by a decision (the queue, the dashboard, the user's account). */
  invalidates: readonly string[];
  onClose: () => void;
  /** Below the facts: the proof, the identity photos. */
  children?: ReactNode;
}

/**
 * One row of a review queue: its facts, what came with it, and its decisions in the
 * header — a confirmed one behind a question, a refusal behind the reason it gives. Every
 * decision goes through one gate (one at a time, one key each); the drawer closes once one
 * went through.
 */
export function ReviewDrawer({
  title,
  testId,
  size,
  awaiting,
  actions,
  facts,
  invalidates,
  onClose,
  children,
}: Props) {
  const { t } = useTranslation();
  const decision = useApiDecision({ invalidates, onSuccess: onClose });
  /** The decision sent last (its button shows the wait). */
  const [sent, setSent] = useState<ReviewAction | null>(null);
  /** The refusal whose reason is being written; kept while its dialog fades out. */
  const [refusal, setRefusal] = useState<{ action: ReasonAction; open: boolean } | null>(null);
  const busy = (action: ReviewAction) => decision.locked && sent?.key === action.key;

  const decide = (action: ReviewAction, reason = '') => {
    setSent(action);
    void decision.submit(action.kind === 'confirm' ? action.call() : action.call(reason));
  };

  const buttons = actions.map((action) => {
    const button = (
      <Button
        key={action.key}
        type={action.look === 'primary' ? 'primary' : 'default'}
        danger={action.look === 'danger'}
        loading={action.kind === 'confirm' && busy(action)}
        onClick={action.kind === 'reason' ? () => setRefusal({ action, open: true }) : undefined}
        data-testid={action.testId}
      >
        {action.label}
      </Button>
    );
    if (action.kind === 'reason') return button;
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
      data-testid={testId}
      extra={awaiting ? <Space>{buttons}</Space> : null}
    >
      <Flex vertical gap={20}>
        <Facts facts={facts} />
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
    </Drawer>
  );
}
