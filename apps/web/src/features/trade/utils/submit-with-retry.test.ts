import { ResultCode, type Order } from '@pipwise/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '@/lib/api-client';
import {
  createOrderSubmitter,
  isUnanswered,
  submitErrorText,
  type RetryPolicy,
  type SubmitOrderInput,
} from './submit-with-retry';

/**
 * The order ticket's submit through the real api client, against a fake submit endpoint
 * injected as `fetch` that keeps the server's promise: one order per idempotency key.
 * Each request is scripted: answered, lost before it reaches the server, lost after the
 * server booked it (the response dropped), slow (booked, answered only once aborted),
 * refused with a business code, or answered by a gateway without an envelope.
 */

type Fate = 'answer' | 'lost-before' | 'lost-after' | 'slow' | 'refuse' | 'gateway' | 'not-found';

interface SentRequest {
  key: string | undefined;
  body: string;
}

const order = (Id: number): Order => ({
  Id,
  ForexId: 26,
  ForexTradeLists: { ShowCode: 'BTC/USD', Code: 'BTCUSD', PricePrecision: 2 },
  OrderType: 1,
  Status: 1,
  Quantity: 0.01,
  Leverage: 10,
  OriginPrice: 100,
  Price: 100,
  UpdatePrice: 100,
  FactProfits: 0,
  CautionMoney: 0.1,
  TradeFee: 0.2,
  TargetLossPrice: 0,
  TrailingPoints: 0,
  TargetProfitPrice: 0,
  CloseReason: '',
  CloseNote: '',
  SpreadOpen: 0,
  SpreadClose: 0,
  Swap: 0,
  Commission: 0,
  NetProfits: 0,
  CreateTimeHandler: '',
  CompleteTimeHandler: '',
  CreatedAt: 0,
  CompletedAt: 0,
});

const envelope = (code: number, msg: string, data: unknown) =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'content-type': 'application/json' } });

function fakeSubmitServer(script: Fate[]) {
  const byKey = new Map<string, Order>();
  const requests: SentRequest[] = [];
  let nextId = 1;

  const book = (key: string | undefined): Order => {
    const known = key === undefined ? undefined : byKey.get(key);
    if (known) return known;
    const created = order(nextId++);
    if (key !== undefined) byKey.set(key, created);
    return created;
  };

  const fetch = (async (_url: URL | RequestInfo, init?: RequestInit): Promise<Response> => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const key = headers['Idempotency-Key'];
    requests.push({ key, body: typeof init?.body === 'string' ? init.body : '(not a string)' });
    const fate = script.shift() ?? 'answer';
    switch (fate) {
      case 'lost-before':
        throw new TypeError('Failed to fetch');
      case 'refuse':
        return envelope(ResultCode.BusinessRule, 'Insufficient free margin', null);
      case 'gateway':
        return new Response('<html>Bad Gateway</html>', { status: 502 });
      case 'not-found':
        return new Response('<html>Not Found</html>', { status: 404 });
      case 'lost-after':
        book(key);
        throw new TypeError('Failed to fetch');
      case 'slow':
        book(key);
        return new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      case 'answer':
        return envelope(ResultCode.Success, 'Order filled', book(key));
    }
  }) as typeof globalThis.fetch;

  return { fetch, requests, booked: () => nextId - 1 };
}

const input: SubmitOrderInput = { type: 1, cont: '0.01', forex_id: 26, status: 1, multiple: 10 };

let toasts: string[];
let spinner: string[];
let shown: string[];
let waits: number[];

beforeEach(() => {
  toasts = [];
  spinner = [];
  shown = [];
  waits = [];
});

function setup(script: Fate[], policy: RetryPolicy = { backoffMs: [500, 1500], attemptTimeoutMs: 5_000 }) {
  const server = fakeSubmitServer(script);
  const client = createApiClient({
    baseUrl: 'http://127.0.0.1:9',
    getLang: () => 'en',
    getToken: () => 'token-1',
    clearSession: () => {},
    onSessionExpired: () => {},
    ui: {
      toast: (m) => toasts.push(m),
      networkErrorText: (status) => `network error (${status})`,
      showLoading: () => spinner.push('show'),
      hideLoading: () => spinner.push('hide'),
    },
    fetch: server.fetch,
  });
  let n = 0;
  const submit = createOrderSubmitter({
    client,
    showError: (error) => shown.push(submitErrorText(error, (status) => `network error (${status})`)),
    newKey: () => `key-${++n}`,
    policy,
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  });
  return { server, submit };
}

describe('order submit with retry', () => {
  it('resends a submission whose response was dropped with the same key and body: one order', async () => {
    const { server, submit } = setup(['lost-after', 'answer']);
    const placed = await submit(input);

    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]!.key).toBe('key-1');
    expect(server.requests[1]).toEqual(server.requests[0]);
    expect(JSON.parse(server.requests[0]!.body)).toEqual(input);
    expect(server.booked()).toBe(1);
    expect(placed.Id).toBe(1);
    expect(waits).toEqual([500]);
    // The dropped attempt is not told; the spinner covers the whole submission once.
    expect(shown).toEqual([]);
    expect(toasts).toEqual([]);
    expect(spinner).toEqual(['show', 'hide']);
  });

  it('does not resend a business refusal, and shows its message', async () => {
    const { server, submit } = setup(['refuse', 'answer']);
    await expect(submit(input)).rejects.toMatchObject({ kind: 'business', code: ResultCode.BusinessRule });
    expect(server.requests).toHaveLength(1);
    expect(server.booked()).toBe(0);
    expect(waits).toEqual([]);
    expect(shown).toEqual(['Insufficient free margin']);
    expect(spinner).toEqual(['show', 'hide']);
  });

  it('survives two network errors, before and after the server booked it', async () => {
    const { server, submit } = setup(['lost-before', 'lost-after', 'answer']);
    const placed = await submit(input);
    expect(server.requests.map((r) => r.key)).toEqual(['key-1', 'key-1', 'key-1']);
    expect(new Set(server.requests.map((r) => r.body)).size).toBe(1);
    expect(server.booked()).toBe(1);
    expect(placed.Id).toBe(1);
    expect(waits).toEqual([500, 1500]);
    expect(shown).toEqual([]);
  });

  it('shows the network error once when every attempt is lost', async () => {
    const { server, submit } = setup(['lost-before', 'lost-after', 'lost-after', 'answer']);
    await expect(submit(input)).rejects.toMatchObject({ kind: 'network' });
    expect(server.requests).toHaveLength(3);
    expect(server.booked()).toBe(1);
    expect(shown).toEqual(['network error (ERR_NETWORK)']);
    expect(toasts).toEqual([]);
    expect(spinner).toEqual(['show', 'hide']);
  });

  it('abandons an attempt that stays unanswered and resends it with the same key', async () => {
    const { server, submit } = setup(['slow', 'answer'], { backoffMs: [10], attemptTimeoutMs: 30 });
    const placed = await submit(input);
    expect(server.requests.map((r) => r.key)).toEqual(['key-1', 'key-1']);
    expect(server.booked()).toBe(1);
    expect(placed.Id).toBe(1);
  });

  it('shows a timed-out last attempt as a network error', async () => {
    const { server, submit } = setup(['slow', 'slow'], { backoffMs: [10], attemptTimeoutMs: 30 });
    await expect(submit(input)).rejects.toMatchObject({ kind: 'network' });
    expect(server.requests).toHaveLength(2);
    expect(shown).toEqual(['network error (ERR_NETWORK)']);
  });

  it('resends after a gateway error without an envelope, but not after a 404', async () => {
    const gateway = setup(['gateway', 'answer']);
    await expect(gateway.submit(input)).resolves.toMatchObject({ Id: 1 });
    expect(gateway.server.requests).toHaveLength(2);

    shown = [];
    const missing = setup(['not-found', 'answer']);
    await expect(missing.submit(input)).rejects.toMatchObject({ kind: 'http', status: 404 });
    expect(missing.server.requests).toHaveLength(1);
    expect(shown).toEqual(['network error (404)']);
  });

  it('makes the next tap a new submission with a new key', async () => {
    const { server, submit } = setup(['lost-after', 'answer', 'answer']);
    const first = await submit(input);
    const second = await submit(input);
    expect(server.requests.map((r) => r.key)).toEqual(['key-1', 'key-1', 'key-2']);
    expect(server.booked()).toBe(2);
    expect(second.Id).not.toBe(first.Id);
  });
});

describe('isUnanswered', () => {
  it('retries only what the server did not answer', () => {
    expect(isUnanswered(new ApiError('network', 'Failed to fetch'))).toBe(true);
    expect(isUnanswered(new ApiError('http', 'HTTP 503', undefined, 503))).toBe(true);
    expect(isUnanswered(new ApiError('http', 'HTTP 500', undefined, 500))).toBe(false);
    expect(isUnanswered(new ApiError('business', 'no', 2000, 200))).toBe(false);
    expect(isUnanswered(new ApiError('session', 'expired', 999, 200))).toBe(false);
    expect(isUnanswered(new ApiError('aborted', 'aborted'))).toBe(false);
    expect(isUnanswered(new Error('boom'))).toBe(false);
  });
});
