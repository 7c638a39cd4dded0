import { describe, expect, it } from 'vitest';
import { loadExecutionConfig } from './execution-config.js';

describe('loadExecutionConfig', () => {
  it('has no provider by default and waits 5 s for an answer', () => {
    expect(loadExecutionConfig({})).toEqual({ timeoutMs: 5_000 });
  });

  it('reads FIX_TRADE_URL strictly and a whole-millisecond timeout in range', () => {
    expect(
      loadExecutionConfig({
        FIX_TRADE_URL: 'fix://10.0.0.2:9879?sender=PW-TRD&target=LP',
        FIX_ORDER_TIMEOUT_MS: '2500',
      }),
    ).toEqual({
      endpoint: { host: '10.0.0.2', port: 9879, sender: 'PW-TRD', target: 'LP' },
      timeoutMs: 2_500,
    });
    for (const timeout of ['499', '60001', '1e3', '0x10', ' 900', '1000.5'])
      expect(() => loadExecutionConfig({ FIX_ORDER_TIMEOUT_MS: timeout })).toThrow(/FIX_ORDER_TIMEOUT_MS/);
    expect(() => loadExecutionConfig({ FIX_TRADE_URL: 'fix://h:1?sender=a' })).toThrow(
      /FIX_TRADE_URL needs target=/,
    );
  });

  it('takes credentials from their own variables, both or neither', () => {
    expect(
      loadExecutionConfig({ FIX_TRADE_USERNAME: 'desk', FIX_TRADE_PASSWORD: 's3cret!' }).credentials,
    ).toEqual({
      username: 'desk',
      password: 's3cret!',
    });
    for (const env of [
      { FIX_TRADE_USERNAME: 'desk' },
      { FIX_TRADE_PASSWORD: 'x' },
      { FIX_TRADE_USERNAME: 'de sk', FIX_TRADE_PASSWORD: 'x' },
      { FIX_TRADE_USERNAME: 'desk', FIX_TRADE_PASSWORD: 'x'.repeat(65) },
    ])
      expect(() => loadExecutionConfig(env)).toThrow(/FIX_TRADE_USERNAME and FIX_TRADE_PASSWORD/);
  });
});
