import { adminFeedStatusEndpoint, type AdminFeedStatus } from '@pipwise/shared';
import { useState } from 'react';
import { useApiQuery } from '@/lib/query';
import { ratesBetween, type SourceRate } from './feed-rates';

/** The page reads the feed this often: a session's state and a quote's age move by the second. */
export const FEED_POLL_MS = 2_000;

interface Sample {
  current?: AdminFeedStatus | undefined;
  rates: Map<string, SourceRate>;
}

/**
 * The running feed, polled every 2 s while the page is open, with each source's rate from
 * the last two answers.
 */
export function useFeedStatus() {
  const query = useApiQuery(
    adminFeedStatusEndpoint,
    {},
    { refetchInterval: FEED_POLL_MS, refetchIntervalInBackground: false, staleTime: 0 },
  );
  // Each new answer is measured against the one before as it arrives (React's "state from
  // a changing value": set during render, no effect and no extra paint).
  const [sample, setSample] = useState<Sample>({ rates: new Map() });
  if (query.data && query.data !== sample.current)
    setSample({ current: query.data, rates: ratesBetween(sample.current, query.data) });
  return { ...query, rates: sample.rates };
}
