import { fixCredentials, parseFixUrl, type FixEndpoint } from './modules/market/index.js';

/**
 * Where A-book orders go (`FIX_TRADE_URL`, docs/execution.md) and how long a trader waits for
 * the provider's answer (`FIX_ORDER_TIMEOUT_MS`). Unset: no provider, and orders of A-book
 * instruments or traders are refused as "execution unavailable".
 */
export interface ExecutionConfig {
  endpoint?: FixEndpoint;
  /** FIX_TRADE_USERNAME and FIX_TRADE_PASSWORD, sent at Logon. */
  credentials?: { username: string; password: string };
  timeoutMs: number;
}

const TIMEOUT = /^\d{1,6}$/;

/** Parses FIX_TRADE_URL and FIX_ORDER_TIMEOUT_MS; one error lists every bad key. */
export function loadExecutionConfig(env: NodeJS.ProcessEnv = process.env): ExecutionConfig {
  const issues: string[] = [];
  const timeoutText = env.FIX_ORDER_TIMEOUT_MS ?? '';
  const timeoutMs = timeoutText === '' ? 5_000 : TIMEOUT.test(timeoutText) ? Number(timeoutText) : NaN;
  if (!(timeoutMs >= 500 && timeoutMs <= 60_000))
    issues.push('FIX_ORDER_TIMEOUT_MS: whole milliseconds, 500-60000 (default 5000)');
  const read = <T>(what: () => T): T | undefined => {
    try {
      return what();
    } catch (err) {
      issues.push(err instanceof Error ? err.message : String(err));
      return undefined;
    }
  };
  const url = env.FIX_TRADE_URL ?? '';
  const endpoint = url === '' ? undefined : read(() => parseFixUrl(url, 'FIX_TRADE_URL'));
  const credentials = read(() => fixCredentials(env, 'FIX_TRADE'));
  if (issues.length > 0) throw new Error(`Invalid configuration:\n${issues.map((i) => `  ${i}`).join('\n')}`);
  return { ...(endpoint ? { endpoint } : {}), ...(credentials ? { credentials } : {}), timeoutMs };
}
