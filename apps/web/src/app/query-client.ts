import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api';

/**
 * One query client. Business errors (the server said no) are final; only a lost
 * connection is worth a second try. Live prices come from the socket, so lists need
 * not be refetched often.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      gcTime: 10 * 60_000,
      retry: (failureCount, error) => isApiError(error) && error.kind === 'network' && failureCount < 2,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});
