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
  Card: ({ children }: Props) => <div>{children}</div>,
  Typography: {
    Title: ({ children }: Props) => <h1>{children}</h1>,
    Text: ({ children }: Props) => <span>{children}</span>,
  },
  /** A select of its options, after an empty one that clears it (antd's `allowClear`). */
  Select: ({ options, value, onChange, placeholder, style, ...props }: Props) => {
    const choices = options as { value: number | string; label: string }[];
    return (
      <select
        data-testid={testId(props)}
        aria-label={props['aria-label'] as string | undefined}
        data-placeholder={placeholder as string}
        data-width={(style as { width?: number } | undefined)?.width}
        value={value === undefined ? '' : `${value as number | string}`}
        onChange={(e) =>
          (onChange as (v: unknown) => void)(choices.find((o) => String(o.value) === e.target.value)?.value)
        }
      >
        <option value="" />
        {choices.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  },
  /** A number field: an empty one gives `null`, as antd's does. */
  InputNumber: ({ value, onChange, placeholder, ...props }: Props) => (
    <input
      aria-label={props['aria-label'] as string | undefined}
      data-placeholder={placeholder as string}
      value={value === null || value === undefined ? '' : `${value as number}`}
      onChange={(e) =>
        (onChange as (v: number | null) => void)(e.target.value === '' ? null : Number(e.target.value))
      }
    />
  ),
  /** A notice: its text, then its action. */
  Alert: ({ title, action }: Props) => (
    <div role="alert">
      {title as ReactNode}
      {action as ReactNode}
    </div>
  ),
  /** A search box: each change searches for what was typed (antd's Enter). */
  Input: {
    Search: ({ onSearch, placeholder, ...props }: Props) => (
      <input
        data-testid={testId(props)}
        data-placeholder={placeholder as string}
        onChange={(e) => (onSearch as (v: string) => void)(e.target.value)}
      />
    ),
  },
  /**
   * The columns' titles, then a row each of what every column renders (with its row class);
   * the width it scrolls sideways to, if it does.
   */
  Table: ({ columns, dataSource, rowClassName, scroll }: Props) => {
    type Column = {
      title?: ReactNode;
      dataIndex?: string;
      render?: (v: unknown, r: object, i: number) => ReactNode;
    };
    const cols = columns as Column[];
    const rows = dataSource as Record<string, unknown>[];
    return (
      <table data-scroll-x={(scroll as { x?: number } | undefined)?.x}>
        <thead>
          <tr>
            {cols.map((c, i) => (
              <th key={i}>{c.title}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr
              key={r}
              className={
                typeof rowClassName === 'function' ? (rowClassName as (x: object) => string)(row) : undefined
              }
            >
              {cols.map((c, i) => {
                const value = c.dataIndex ? row[c.dataIndex] : undefined;
                return <td key={i}>{c.render ? c.render(value, row, r) : (value as ReactNode)}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    );
  },
  /** The api layer's messages (lib/notify.ts): silent here. */
  message: { success: () => undefined, error: () => undefined, warning: () => undefined },
};
