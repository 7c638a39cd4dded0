import type { QueryClient } from '@tanstack/react-query';

/**
 * The root of the alerts' keys, apart from their calls: the app's inbox wiring invalidates
 * it when a price-alert notice arrives, and this file is all the first screen loads of it.
 */
export const alertsKey = ['alerts'] as const;

/** An alert was set, moved, deleted or fired: the lists are read again. */
export function invalidateAlerts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: alertsKey });
}
