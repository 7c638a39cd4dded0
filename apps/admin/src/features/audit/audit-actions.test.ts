import { AUDIT_ACTIONS, LANGS } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { ACTION_NAMES, actionName, actionOptions } from './audit-actions';

/** A language file's codes, rebuilt from its nesting (`{ action: { area: { verb } } }`). */
function namedCodes(lang: string): string[] {
  const areas = (ACTION_NAMES.get(lang)?.action ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(areas).flatMap(([area, verbs]) =>
    Object.keys(verbs).map((verb) => `${area}.${verb}`),
  );
}

/** The language's own name for a code, without the English fallback. */
function ownName(lang: string, code: string): unknown {
  const [area, verb] = code.split('.') as [string, string];
  const areas = (ACTION_NAMES.get(lang)?.action ?? {}) as Record<string, Record<string, unknown> | undefined>;
  return areas[area]?.[verb];
}

describe('the names of audit actions', () => {
  it('has one file for each of the 18 languages', () => {
    expect([...ACTION_NAMES.keys()].sort()).toEqual([...LANGS].sort());
  });

  // AUDIT_ACTIONS is every code the server can write: its audit writer accepts no other.
  it.each(LANGS)('names every action the server can write, in %s', (lang) => {
    const unnamed = AUDIT_ACTIONS.filter((code) => {
      const name = ownName(lang, code);
      return typeof name !== 'string' || name.trim() === '';
    });
    expect(unnamed).toEqual([]);
  });

  it.each(LANGS)(
    'names no code the server does not write (a renamed code leaves none behind), in %s',
    (lang) => {
      expect(namedCodes(lang).sort()).toEqual([...AUDIT_ACTIONS].sort());
    },
  );

  it.each(LANGS)('gives two actions two different names, neither of them the code, in %s', (lang) => {
    const names = AUDIT_ACTIONS.map((code) => actionName(lang, code));
    expect(new Set(names).size).toBe(AUDIT_ACTIONS.length);
    for (const [i, code] of AUDIT_ACTIONS.entries()) expect(names[i]).not.toBe(code);
  });

  it('reads a code in the language asked for', () => {
    expect(actionName('en', 'withdrawal.approve')).toBe('Mark withdrawal paid');
    expect(actionName('hk', 'withdrawal.approve')).toBe('標記提款為已支付');
    expect(actionName('ar', 'deposit.reject')).toBe('رفض إيداع');
  });

  it('has no name for a code the server no longer writes, so the screen shows the code', () => {
    expect(actionName('en', 'deposit.retired_action')).toBeNull();
    expect(actionName('en', 'constructor.name')).toBeNull();
    expect(actionName('en', '')).toBeNull();
  });

  it('offers every action in the filter, by name', () => {
    const options = actionOptions('de');
    expect(options.map((o) => o.value)).toEqual([...AUDIT_ACTIONS]);
    expect(options.find((o) => o.value === 'user.adjust_balance')?.label).toBe('Saldo anpassen');
  });
});
