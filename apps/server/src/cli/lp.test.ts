import { describe, expect, it } from 'vitest';
import type { LpSimulator } from '../modules/market/index.js';
import { lpCommand, lpOptionsFromEnv } from './lp.js';

describe('npm run lp', () => {
  it('has defaults a local server can use as they are', () => {
    expect(lpOptionsFromEnv({})).toEqual({
      host: '127.0.0.1',
      port: 9878,
      tradePort: 9879,
      senderCompId: 'PIPWISE-LP',
      targetCompId: 'PIPWISE',
      tickMs: 250,
      alwaysOpen: false,
    });
    expect(lpOptionsFromEnv({ LP_PORT: '19000', LP_SENDER: 'LP.1', LP_ALWAYS_OPEN: '1' })).toMatchObject({
      port: 19_000,
      senderCompId: 'LP.1',
      alwaysOpen: true,
    });
  });

  it('names every bad variable at once', () => {
    expect(() =>
      lpOptionsFromEnv({ LP_PORT: '70000', LP_SENDER: 'a b', LP_TICK_MS: '1', LP_ALWAYS_OPEN: 'yes' }),
    ).toThrow(/LP_PORT[\s\S]*LP_SENDER[\s\S]*LP_TICK_MS[\s\S]*LP_ALWAYS_OPEN/);
    expect(() => lpOptionsFromEnv({ LP_SENDER: 'X', LP_TARGET: 'X' })).toThrow(/must differ/);
    expect(() => lpOptionsFromEnv({ LP_PASSWORD: 'two words' })).toThrow(/LP_PASSWORD/);
    expect(() => lpOptionsFromEnv({ LP_TRADE_PORT: '9878' })).toThrow(/LP_TRADE_PORT must differ/);
    expect(lpOptionsFromEnv({ LP_PASSWORD: 'open-sesame' })).toMatchObject({ password: 'open-sesame' });
  });

  it('breaks the provider on cue from stdin', () => {
    const calls: string[] = [];
    const execution = {
      settings: { latencyMs: 20, slippagePoints: 0, fillRatio: 1, reject: false, withholdReports: false },
    };
    const lp = {
      sessionCount: 1,
      requests: 3,
      rejects: [],
      fills: [],
      execution,
      setExecution: (change: object) => {
        calls.push(`fill ${JSON.stringify(change)}`);
        Object.assign(execution.settings, change);
      },
      dropConnections: () => (calls.push('drop'), 1),
      setQuoting: (on: boolean) => calls.push(`quoting ${on}`),
      sendBad: (symbol: string, kind: string) => (calls.push(`${kind} ${symbol}`), 1),
      refuse: (symbol: string, how: string | undefined) => calls.push(`refuse ${symbol} ${how}`),
    } as unknown as LpSimulator;
    expect(lpCommand(lp, 'drop')).toBe('dropped 1 connection(s)');
    expect(lpCommand(lp, 'stale')).toMatch(/stopped/);
    expect(lpCommand(lp, 'resume')).toMatch(/again/);
    expect(lpCommand(lp, 'bad crossed')).toBe('sent a crossed quote of EUR/USD to 1 client(s)');
    expect(lpCommand(lp, 'bad jump XAU/USD')).toMatch(/jump quote of XAU\/USD/);
    expect(lpCommand(lp, 'bad nonsense')).toMatch(/^usage/);
    expect(lpCommand(lp, 'refuse XAU/USD session')).toBe('refusing XAU/USD (session reject)');
    expect(lpCommand(lp, 'refuse XAU/USD off')).toBe('serving XAU/USD again');
    expect(lpCommand(lp, 'refuse XAU/USD maybe')).toMatch(/^usage/);
    expect(lpCommand(lp, 'status')).toBe('1 session(s) logged on, 3 request(s), 0 refused, 0 fill(s)');
    expect(lpCommand(lp, 'fill latency=300 slippage=4 ratio=0.5')).toBe(
      'orders fill after 300 ms, 4 point(s) worse, 50% of each, accepted',
    );
    expect(lpCommand(lp, 'fill reject=1 withhold=1')).toMatch(/all refused, reports withheld$/);
    for (const bad of [
      'fill',
      'fill ratio=2',
      'fill ratio=0',
      'fill latency=-1',
      'fill slippage=1e3',
      'fill x=1',
      'fill reject=yes',
    ])
      expect(lpCommand(lp, bad)).toMatch(/^usage: fill/);
    expect(lpCommand(lp, 'what')).toMatch(/^commands:/);
    expect(lpCommand(lp, '  ')).toBe('');
    expect(lpCommand(lp, 'quit')).toBeNull();
    expect(calls).toEqual([
      'drop',
      'quoting false',
      'quoting true',
      'crossed EUR/USD',
      'jump XAU/USD',
      'refuse XAU/USD session',
      'refuse XAU/USD undefined',
      'fill {"latencyMs":300,"slippagePoints":4,"fillRatio":0.5}',
      'fill {"reject":true,"withholdReports":true}',
    ]);
  });
});
