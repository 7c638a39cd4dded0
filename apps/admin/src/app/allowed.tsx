import { Flex, Spin } from 'antd';
import { Suspense } from 'react';
import { Forbidden } from '@/components/forbidden';
import { mayCall } from '@/lib/access';
import { useSession } from '@/lib/session';
import type { Screen } from './screens';

/** A screen, or "not allowed" when the operator's role may not use it. */
export function Allowed({ screen }: { screen: Screen }) {
  const operator = useSession()?.operator;
  if (!mayCall(operator, screen.endpoint)) return <Forbidden />;
  const { Page } = screen;
  return (
    <Suspense
      fallback={
        <Flex justify="center" style={{ padding: 64 }}>
          <Spin />
        </Flex>
      }
    >
      <Page />
    </Suspense>
  );
}
