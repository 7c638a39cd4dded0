import { useState } from 'react';

/**
 * A paged list's filters and page (the review queues, users, feedback, outbox, audit):
 * changing a filter starts again on page one.
 */
export function useListFilters<F extends object>(initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const setFilter = <K extends keyof F>(key: K, value: F[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  return { filters, setFilter, page, setPage };
}

export type ListFilters<F extends object> = ReturnType<typeof useListFilters<F>>;
