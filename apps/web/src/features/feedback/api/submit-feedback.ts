import { feedbackSubmitEndpoint, type EndpointInput, type EndpointOutput } from '@pipwise/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api';

export type FeedbackInput = EndpointInput<typeof feedbackSubmitEndpoint>;

/** POST /api/feedback/submit — the trader's message for the support queue. */
export function submitFeedback(input: FeedbackInput): Promise<EndpointOutput<typeof feedbackSubmitEndpoint>> {
  return request(feedbackSubmitEndpoint, input, { loading: true });
}

export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}
