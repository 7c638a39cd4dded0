import {
  saveStatementPreferencesEndpoint,
  statementPreferencesEndpoint,
  type StatementPreferences,
} from '@pipwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { traderTimeZone } from '@/lib/time-zone';

export const statementPreferencesKey = ['statement', 'preferences'] as const;

/** GET /v1/api/main/statement/preferences — real accounts only (demo accounts get no mail). */
export function useStatementPreferences(enabled: boolean) {
  return useQuery({
    queryKey: statementPreferencesKey,
    queryFn: ({ signal }) => request(statementPreferencesEndpoint, {}, { signal }),
    enabled,
  });
}

export type StatementSwitch = 'monthly_email' | 'trade_confirmations';

/**
 * POST /v1/api/main/statement/preferences: both switches and the trader's time zone (the
 * mails are written in that zone; the language is the `lang` header). Optimistic: the switch
 * moves at once, and goes back to what the server holds when the save fails (the client
 * toasts why).
 */
export function useSaveStatementPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: Pick<StatementPreferences, StatementSwitch>) =>
      request(saveStatementPreferencesEndpoint, { ...next, tz: traderTimeZone() }, { toastSuccess: true }),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: statementPreferencesKey });
      const before = queryClient.getQueryData<StatementPreferences>(statementPreferencesKey);
      if (before) queryClient.setQueryData(statementPreferencesKey, { ...before, ...next });
      return { before };
    },
    onSuccess: (saved) => queryClient.setQueryData(statementPreferencesKey, saved),
    onError: (_error, _next, context) => {
      if (context?.before) queryClient.setQueryData(statementPreferencesKey, context.before);
      void queryClient.invalidateQueries({ queryKey: statementPreferencesKey });
    },
  });
}
