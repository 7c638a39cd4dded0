import { deleteAlertEndpoint } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { useSubmission, type SubmissionHandlers } from '@/lib/use-submission';
import { alertsQueryOptions, type AlertList } from './list-alerts';
import { invalidateAlerts } from './keys';

/** POST /v1/api/alerts/delete — "Alert deleted" is toasted. */
export function deleteAlert(id: number): Promise<object> {
  return request(deleteAlertEndpoint, { id }, { toastSuccess: true });
}

/** One removal per tap, its confirmation included; the row leaves the lists at once. */
export function useDeleteAlert(handlers: Pick<SubmissionHandlers<number, object>, 'confirm'> = {}) {
  const queryClient = useQueryClient();
  return useSubmission<number, object>(deleteAlert, {
    confirm: handlers.confirm,
    onSuccess: async (_done, id) => {
      queryClient.setQueryData<AlertList>(
        alertsQueryOptions().queryKey,
        (list) => list && { ...list, data: list.data.filter((a) => a.id !== id) },
      );
      await invalidateAlerts(queryClient);
    },
  });
}
