import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  title: ReactNode;
  /** One line under the title: what the screen is for. */
  description?: ReactNode;
  /** Actions at the title's end (a "New" button). */
  extra?: ReactNode;
  children: ReactNode;
}

/** A screen: its title, what it is for, its actions, then its content. */
export function Page({ title, description, extra, children }: Props) {
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {description ? (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
              {description}
            </Typography.Text>
          ) : null}
        </div>
        {extra ? <Flex gap={8}>{extra}</Flex> : null}
      </Flex>
      {children}
    </Flex>
  );
}
