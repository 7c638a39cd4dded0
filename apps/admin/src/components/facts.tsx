import { Descriptions } from 'antd';
import type { ReactNode } from 'react';

/** One line of a facts list; `shown: false` leaves it out (an empty remark, say). */
export interface Fact {
  key: string;
  label: ReactNode;
  value: ReactNode;
  /** Columns it takes (the list has `column` of them). */
  span?: number;
  shown?: boolean;
}

/** What is known of one thing (a deposit, a trader), as a bordered list of label and value. */
export function Facts({
  facts,
  column = 2,
  title,
  testId,
}: {
  facts: readonly Fact[];
  column?: number;
  title?: ReactNode;
  testId?: string;
}) {
  return (
    <Descriptions
      bordered
      size="small"
      column={column}
      title={title}
      data-testid={testId}
      items={facts
        .filter((fact) => fact.shown !== false)
        // A wide fact never asks for more columns than the list has (one on a phone).
        .map(({ key, label, value, span }) => ({
          key,
          label,
          children: value,
          span: span === undefined ? undefined : Math.min(span, column),
        }))}
    />
  );
}
