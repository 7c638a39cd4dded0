import { adminSetABookEndpoint, type AdminUser } from '@pipwise/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '@/components/reason-modal';
import { mayCall } from '@/lib/access';
import { useApiMutation } from '@/lib/query';
import { useSession } from '@/lib/session';
import { aBookHelp, aBookInput, aBookText, nextABook, offersABook } from './a-book';

/**
 * Routes a trader to the liquidity provider, or back to each instrument's mode, with an
 * optional reason for the audit log. Shown only to operators allowed to (admin: whose flow
 * is hedged is a dealing decision), and never to turn A-book on for a demo trader.
 */
export function ABookButton({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const operator = useSession()?.operator;
  const [asking, setAsking] = useState(false);
  const save = useApiMutation(adminSetABookEndpoint, {
    invalidates: ['/api/admin/users/'],
    onSuccess: () => setAsking(false),
  });
  if (!mayCall(operator, adminSetABookEndpoint) || !offersABook(user)) return null;
  const next = nextABook(user);
  const text = aBookText(t, next);
  return (
    <>
      <Button onClick={() => setAsking(true)} data-testid="a-book-toggle">
        {text}
      </Button>
      <ReasonModal
        open={asking}
        title={text}
        label={t('admin_app.users.freeze_reason')}
        help={aBookHelp(t, next)}
        okText={text}
        optional
        loading={save.isPending}
        onCancel={() => setAsking(false)}
        onSubmit={(reason) => save.mutate(aBookInput(user.id, next, reason))}
      />
    </>
  );
}
