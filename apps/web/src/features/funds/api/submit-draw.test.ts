import { ApiError } from '@pipwise/client';
import { drawEndpoint } from '@pipwise/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request, type CallOptions } from '@/lib/api';
import { submitDraw } from './submit-draw';

vi.mock('@/lib/api', async () => {
  const client = await import('@pipwise/client');
  return { isApiError: client.isApiError, request: vi.fn() };
});

const input = { draw_currency_id: 2, draw_method_id: 5, number: '20' };
const askAgain = () =>
  new ApiError('business', "Confirm it's you to withdraw", 2000, 200, { step_up_required: true });
const sent = () =>
  vi.mocked(request).mock.calls.map(([endpoint, body, options]) => ({ endpoint, body, options }));

beforeEach(() => vi.mocked(request).mockReset());

describe('a withdrawal the server asks a step-up for', () => {
  it('asks the trader once, then sends the same withdrawal again with the same key', async () => {
    vi.mocked(request)
      .mockRejectedValueOnce(askAgain())
      .mockResolvedValueOnce({ id: 1, real_number: '19.00', fee: 1 });
    const stepUp = vi.fn().mockResolvedValue(true);
    await expect(submitDraw(input, 'key-1', stepUp)).resolves.toEqual({
      id: 1,
      real_number: '19.00',
      fee: 1,
    });
    expect(stepUp).toHaveBeenCalledTimes(1);
    expect(sent()).toHaveLength(2);
    for (const call of sent()) {
      expect(call.endpoint).toBe(drawEndpoint);
      expect(call.body).toEqual(input);
      expect(call.options?.headers).toEqual({ 'Idempotency-Key': 'key-1' });
    }
    // The refusal opens the sheet; it is not toasted.
    const handles = (sent()[0]!.options as CallOptions).handles!;
    expect(handles(askAgain())).toBe(true);
    expect(handles(new ApiError('business', 'Insufficient balance', 2000, 200))).toBe(false);
  });

  it('sends nothing more when the trader closes the sheet', async () => {
    const refusal = askAgain();
    vi.mocked(request).mockRejectedValueOnce(refusal);
    const stepUp = vi.fn().mockResolvedValue(false);
    await expect(submitDraw(input, 'key-2', stepUp)).rejects.toBe(refusal);
    expect(sent()).toHaveLength(1);
  });

  it('does not ask on any other refusal', async () => {
    const refusal = new ApiError('business', 'Insufficient balance', 2000, 200);
    vi.mocked(request).mockRejectedValueOnce(refusal);
    const stepUp = vi.fn();
    await expect(submitDraw(input, 'key-3', stepUp)).rejects.toBe(refusal);
    expect(stepUp).not.toHaveBeenCalled();
  });
});
