import { adminHandleExecutionEndpoint, EXECUTION_NOTE_MAX, type AdminExecution } from '@pipwise/shared';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '@/components/reason-modal';
import { mayCall } from '@/lib/access';
import { formatTime } from '@/lib/format';
import { useApiMutation } from '@/lib/query';
import { useSession } from '@/lib/session';
import { isOpenUnbooked } from './execution-labels';

/**
 * Whether an unbooked fill was offset at the provider (docs/execution.md "Back office"):
 * handled ones show who, when and the note; open ones offer the mark. Other states have
 * nothing to handle.
 */
export function HandledCell({ execution }: { execution: AdminExecution }) {
  const { t } = useTranslation();
  if (execution.state !== 'unbooked') return <>—</>;
  if (isOpenUnbooked(execution))
    return (
      <Flex vertical gap={4} align="flex-start">
        <span data-testid={`execution-handled-${execution.id}`}>
          <Tag color="red">{t('admin_execution.not_handled')}</Tag>
        </span>
        <MarkHandledButton execution={execution} />
      </Flex>
    );
  const by = execution.handled_by_email ?? `#${execution.handled_by ?? '?'}`;
  return (
    <Flex vertical gap={2} align="flex-start">
      <span data-testid={`execution-handled-${execution.id}`}>
        <Tag color="green">{t('admin_execution.handled')}</Tag>
      </span>
      <Typography.Text type="secondary">
        {t('admin_execution.handled_by', { operator: by, time: formatTime(execution.handled_at) })}
      </Typography.Text>
      {/* The operator's own words, in whatever language they wrote them. */}
      <Typography.Text dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
        {execution.handled_note}
      </Typography.Text>
    </Flex>
  );
}

/**
 * "Mark handled" with a required note (what was done at the provider, for the audit log and
 * this list). Shown only to the roles that may (the desk's: admin and finance); the server
 * marks a fill once, so a second operator's mark is refused with who was first.
 */
function MarkHandledButton({ execution }: { execution: AdminExecution }) {
  const { t } = useTranslation();
  const operator = useSession()?.operator;
  const [asking, setAsking] = useState(false);
  // The desk's count of fills still to handle falls with it.
  const mark = useApiMutation(adminHandleExecutionEndpoint, {
    invalidates: ['/api/admin/executions/', '/api/admin/desk'],
    onSuccess: () => setAsking(false),
  });
  if (!mayCall(operator, adminHandleExecutionEndpoint)) return null;
  return (
    <>
      <Button size="small" onClick={() => setAsking(true)} data-testid={`execution-mark-${execution.id}`}>
        {t('admin_execution.mark_handled')}
      </Button>
      <ReasonModal
        open={asking}
        title={t('admin_execution.mark_handled')}
        label={t('admin_execution.handled_note')}
        help={t('admin_execution.handled_help')}
        okText={t('admin_execution.mark_handled')}
        maxLength={EXECUTION_NOTE_MAX}
        loading={mark.isPending}
        onCancel={() => setAsking(false)}
        onSubmit={(note) => mark.mutate({ id: execution.id, note })}
      />
    </>
  );
}
