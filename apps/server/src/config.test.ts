import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults for the embedded shape', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBe('');
    expect(c.DATA_DIR).toMatch(/data$/);
  });

  it('trusts no proxy unless told which, and keeps allowed origins canonical', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({}).ALLOWED_ORIGINS).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
    ]);
    for (const bad of ['true', '2', '10.0.0.0/33', 'proxy.example'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    expect(
      loadConfig({ ALLOWED_ORIGINS: 'https://M.example.com, http://localhost:5173' }).ALLOWED_ORIGINS,
    ).toEqual(['https://m.example.com', 'http://localhost:5173']);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'https://m.example.com/app' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'm.example.com' })).toThrow(/ALLOWED_ORIGINS/);
  });

  it('checks for an owed rollover every minute unless told otherwise, within 1 s to 1 h', () => {
    expect(loadConfig({}).ROLLOVER_CHECK_MS).toBe(60_000);
    expect(loadConfig({ ROLLOVER_CHECK_MS: '1000' }).ROLLOVER_CHECK_MS).toBe(1_000);
    expect(loadConfig({ ROLLOVER_CHECK_MS: '3600000' }).ROLLOVER_CHECK_MS).toBe(3_600_000);
    for (const bad of ['', '999', '3600001', '1500.5', '60s', 'soon'])
      expect(() => loadConfig({ ROLLOVER_CHECK_MS: bad }), bad).toThrow(/ROLLOVER_CHECK_MS/);
  });

  it('lists every bad key in one error', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL/,
    );
  });
});
