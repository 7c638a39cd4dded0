import type { ReactNode } from 'react';

/**
 * antd cannot load under this repository's vitest config (its `source` export condition
 * makes a dependency of antd resolve to TypeScript). Tests of the kit's columns mock
 * `antd` with these plain elements, which show what matters: the text, the colour, the
 * test id, the question asked.
 */
interface Props {
  children?: ReactNode;
  [prop: string]: unknown;
}

const testId = (props: Props) => props['data-testid'] as string | undefined;

export const antdStub = {
  Tag: ({ children, color }: Props) => <span data-color={color as string}>{children}</span>,
  Button: ({ children, danger, onClick, loading, ...props }: Props) => (
    <button
      data-danger={danger ? 'yes' : undefined}
      data-loading={loading ? 'yes' : undefined}
      data-testid={testId(props)}
      onClick={onClick as () => void}
    >
      {children}
    </button>
  ),
  /** The question, the button it guards, and its OK button (always shown here). */
  Popconfirm: ({ children, title, okText, onConfirm, okButtonProps }: Props) => (
    <span data-question={title as string} data-ok={okText as string}>
      {children}
      <button data-testid={testId((okButtonProps ?? {}) as Props)} onClick={onConfirm as () => void}>
        {okText as string}
      </button>
    </span>
  ),
  Drawer: ({ title, extra, children, ...props }: Props) => (
    <section data-testid={testId(props)}>
      <h2>{title as string}</h2>
      <nav>{extra as ReactNode}</nav>
      {children}
    </section>
  ),
  Flex: ({ children }: Props) => <div>{children}</div>,
  Descriptions: ({ items }: Props) => (
    <dl>
      {(items as { key: string; label: ReactNode; children: ReactNode }[]).map((item) => (
        <div key={item.key}>
          <dt>{item.label}</dt>
          <dd>{item.children}</dd>
        </div>
      ))}
    </dl>
  ),
  Space: ({ children }: Props) => <span>{children}</span>,
  /** The api layer's messages (lib/notify.ts): silent here. */
  message: { success: () => undefined, error: () => undefined, warning: () => undefined },
};
