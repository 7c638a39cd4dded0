import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults for the embedded shape', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBe('');
    expect(c.DATA_DIR).toMatch(/data$/);
  });

  it('lists every bad key in one error', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL/,
    );
  });
});
