import type { Endpoint, EndpointInput } from '@pipwise/shared';

/** A call of one endpoint with its input, type-checked where it is made (a review decision). */
export interface ApiCall {
  endpoint: Endpoint;
  input: unknown;
}

export function apiCall<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): ApiCall {
  return { endpoint, input };
}
