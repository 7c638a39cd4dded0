import { adminBooksStatusEndpoint, type OperatorProfile } from '@pipwise/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { request } from '@/lib/api';
import { formatTime } from '@/lib/format';
import {
  booksAlert,
  booksLineText,
  booksMoreText,
  BOOKS_POLL_MS,
  mayOpenTrader,
  mayWatchBooks,
  type BooksLine,
} from './books-alert';

/**
 * The books' alarm at the top of every screen, for the operators whose role may read the
 * server's check of its invariants (admin, finance). It stays, not closable, until a check
 * finds the books right again: trading goes on meanwhile, so someone must look now.
 */
export function BooksBanner({ operator, narrow }: { operator: OperatorProfile; narrow: boolean }) {
  const { t } = useTranslation();
  const watch = mayWatchBooks(operator);
  const { data } = useQuery({
    queryKey: [adminBooksStatusEndpoint.path, {}] as const,
    // A background poll: a lost connection is not worth a message every minute.
    queryFn: ({ signal }) => request(adminBooksStatusEndpoint, {}, { signal, silent: true }),
    enabled: watch,
    refetchInterval: BOOKS_POLL_MS,
  });
  const alert = watch ? booksAlert(data, { linkTraders: mayOpenTrader(operator) }) : null;
  if (!alert) return null;

  return (
    <Alert
      type="error"
      showIcon
      data-testid="books-alert"
      style={{ marginBottom: narrow ? 12 : 16 }}
      // On a phone: less padding and a smaller icon, so the lines keep the width.
      styles={
        narrow
          ? {
              root: { padding: '12px 12px' },
              icon: { fontSize: 18, marginInlineEnd: 8 },
              title: { fontSize: 14, lineHeight: 1.4 },
            }
          : undefined
      }
      title={<Typography.Text strong>{t('admin_books.title')}</Typography.Text>}
      description={
        <Flex vertical gap={narrow ? 6 : 8} style={{ fontSize: 13 }}>
          {alert.lines.map((line) => (
            <ProblemLine key={line.check} line={line} />
          ))}
          <div data-testid="books-checked">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('admin_books.checked', { time: formatTime(alert.checkedAt) })}
            </Typography.Text>
          </div>
        </Flex>
      }
    />
  );
}

/** One failing check: what it means and how many, then the ids it names (they wrap). */
function ProblemLine({ line }: { line: BooksLine }) {
  const { t } = useTranslation();
  const more = booksMoreText(t, line);
  return (
    <div data-testid={`books-${line.check}`}>
      <div>{booksLineText(t, line)}</div>
      <Flex wrap gap="2px 10px" align="baseline" style={{ fontSize: 12 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`admin_books.ids.${line.kind}`)}
        </Typography.Text>
        {line.sample.map(({ id, to }) =>
          to ? (
            <Link
              key={id}
              to={to}
              dir="ltr"
              title={t('admin_books.open_trader', { id })}
              data-testid={`books-${line.kind}-${id}`}
            >
              #{id}
            </Link>
          ) : (
            <span key={id} dir="ltr" data-testid={`books-${line.kind}-${id}`}>
              #{id}
            </span>
          ),
        )}
        {more ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {more}
          </Typography.Text>
        ) : null}
      </Flex>
    </div>
  );
}
