import { Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { EntryAction } from './types';

interface Props {
  /** The decision asking for the value. */
  action: EntryAction;
  open: boolean;
  loading: boolean;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}

/**
 * The confirmation of a decision that records a typed value (a paid withdrawal's payout
 * reference): the question, then the field, checked as it is typed and again on OK; OK
 * sends it trimmed. Its field is `<testId>-input`, its OK button `<testId>-confirm`.
 */
export function EntryModal({ action, open, loading, onSubmit, onCancel }: Props) {
  const [value, setValue] = useState('');
  /** Shown once the operator has typed or pressed OK, not on an untouched field. */
  const [touched, setTouched] = useState(false);
  const problem = action.field.problem(value);
  const shown = touched ? problem : null;
  const { testId } = action;
  const submit = () => {
    setTouched(true);
    if (problem) return;
    onSubmit(value.trim());
  };
  return (
    <Modal
      open={open}
      title={action.label}
      okText={action.label}
      okButtonProps={{ loading, 'data-testid': `${testId}-confirm` }}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
      afterClose={() => {
        setValue('');
        setTouched(false);
      }}
    >
      <Flex vertical gap={6}>
        <Typography.Paragraph>{action.question}</Typography.Paragraph>
        <label htmlFor={`${testId}-input`}>
          <Typography.Text strong>{action.field.label}</Typography.Text>
        </label>
        <Input
          id={`${testId}-input`}
          value={value}
          // A little room over the limit: a reference pasted with spaces around still fits, and
          // one too long is told rather than cut.
          maxLength={action.field.maxLength + 16}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          status={shown ? 'error' : undefined}
          aria-invalid={shown ? true : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setTouched(true);
          }}
          onPressEnter={submit}
          data-testid={`${testId}-input`}
        />
        {shown ? (
          <Typography.Text type="danger" role="alert" data-testid={`${testId}-problem`}>
            {shown}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{action.field.help}</Typography.Text>
        )}
      </Flex>
    </Modal>
  );
}
