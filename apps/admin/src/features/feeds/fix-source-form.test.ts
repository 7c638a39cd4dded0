import { adminSaveFixSourceEndpoint, type AdminFixSource, type AdminInstrument } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { t } from '@/test/english';
import {
  connectionFields,
  enabledField,
  fixSourceInitial,
  fixSourceInput,
  hostPort,
  instrumentOptions,
  instrumentsShown,
  isCompId,
  isCredential,
  isFixHost,
  passwordMissing,
  slotBlock,
  type FixSourceValues,
} from './fix-source-form';

const stored: AdminFixSource = {
  slot: 'md_primary',
  host: 'lp.example',
  port: 9878,
  sender_comp_id: 'PIPWISE',
  target_comp_id: 'LP',
  username: 'pipwise',
  has_password: true,
  instruments: ['EURUSD', 'XAUUSD'],
  enabled: 1,
  from_env: false,
  updated_at: 1_700_000_000_000,
};

const values = (over: Partial<FixSourceValues> = {}): FixSourceValues => ({
  ...fixSourceInitial(stored),
  ...over,
});

/** Runs a field's rules on a value, with the other fields as `form` holds them. */
async function problems(
  field: string,
  value: unknown,
  form: Partial<FixSourceValues> = {},
  source: AdminFixSource | undefined = stored,
) {
  const decl = connectionFields(t, source).find((f) => f.key === field)!;
  const out: string[] = [];
  for (const rule of decl.rules ?? []) {
    const r =
      typeof rule === 'function'
        ? rule({ getFieldValue: (n: string) => form[n as keyof FixSourceValues] } as never)
        : rule;
    if (!r.validator) continue;
    await Promise.resolve(r.validator(r, value, () => undefined)).catch((e: Error) => out.push(e.message));
  }
  return out;
}

describe('what the server takes, checked in the form first', () => {
  it('a host is a name or an address, without port, path or spaces', () => {
    for (const ok of ['lp.example', 'fix-1.lp.example.com', 'localhost', '10.0.0.7', '::1', '2001:db8::7'])
      expect(isFixHost(ok), ok).toBe(true);
    for (const bad of [
      '',
      'lp.example:9878',
      'fix://lp',
      'lp example',
      '-lp',
      '10.0.0.256',
      '1.2.3',
      'a/b',
      '[::1]',
    ])
      expect(isFixHost(bad), bad).toBe(false);
  });

  it('CompIDs and credentials', () => {
    expect(isCompId('PIPWISE_1.md-a')).toBe(true);
    expect(isCompId('A'.repeat(33))).toBe(false);
    expect(isCompId('PIP WISE')).toBe(false);
    expect(isCredential('p@ss:w0rd!')).toBe(true);
    expect(isCredential('with space')).toBe(false);
    expect(isCredential('x'.repeat(65))).toBe(false);
  });

  it('a username needs a password, typed now or stored', () => {
    expect(passwordMissing('user', '', false)).toBe(true);
    expect(passwordMissing('user', '', true)).toBe(false);
    expect(passwordMissing('user', 'secret', false)).toBe(false);
    expect(passwordMissing(' ', '', false)).toBe(false);
  });

  it('says so under the field, in the server’s words', async () => {
    expect(await problems('host', 'lp.example:9878')).toEqual([
      'The host is a host name or an IP address, without a port, path or spaces',
    ]);
    expect(await problems('host', '')).toEqual([]);
    expect(await problems('port', 70_000)).toEqual(['A port is a whole number from 1 to 65535']);
    expect(await problems('target_comp_id', 'PIPWISE', { sender_comp_id: 'PIPWISE' })).toEqual([
      "Our CompID and the provider's CompID must differ",
    ]);
    expect(await problems('sender_comp_id', 'A B')).toEqual([
      "A CompID is 1 to 32 letters, digits, '.', '_' or '-'",
    ]);
    expect(
      await problems('password', '', { username: 'pipwise' }, { ...stored, has_password: false }),
    ).toEqual(['A username needs a password: enter the one the provider gave you']);
    expect(await problems('password', '', { username: 'pipwise' })).toEqual([]);
  });

  it('tells whether the stored password is kept', () => {
    const help = (source: AdminFixSource | undefined) =>
      connectionFields(t, source).find((f) => f.key === 'password')!.extra;
    expect(help(stored)).toBe('A password is stored: leave this empty to keep it');
    expect(help(undefined)).toBe('Needed with a username');
    expect(enabledField(t, 'trade').extra).toMatch(/A-book orders are refused/);
  });
});

describe('what the form sends', () => {
  it('a new slot starts empty, enabled, on every instrument', () => {
    expect(fixSourceInitial(undefined)).toEqual({
      host: '',
      port: null,
      sender_comp_id: '',
      target_comp_id: '',
      username: '',
      password: '',
      instruments: [],
      enabled: true,
    });
  });

  it('a blank password keeps the stored one; trimmed text; the flag as 0/1', () => {
    const sent = fixSourceInput('md_primary', values({ host: ' lp2.example ', enabled: false }));
    expect(sent).toEqual({
      slot: 'md_primary',
      host: 'lp2.example',
      port: 9878,
      sender_comp_id: 'PIPWISE',
      target_comp_id: 'LP',
      username: 'pipwise',
      instruments: ['EURUSD', 'XAUUSD'],
      enabled: 0,
    });
    expect(adminSaveFixSourceEndpoint.input.parse(sent)).toMatchObject({ host: 'lp2.example', enabled: 0 });
  });

  it('a typed password goes with the username; no username sends neither', () => {
    expect(fixSourceInput('md_primary', values({ password: 'n3w!' })).password).toBe('n3w!');
    const none = fixSourceInput('md_primary', values({ username: '', password: 'ignored' }));
    expect(none.username).toBe('');
    expect(none).not.toHaveProperty('password');
    expect(adminSaveFixSourceEndpoint.input.parse(none).username).toBeUndefined();
  });

  it('the trading session is not limited to instruments', () => {
    expect(fixSourceInput('trade', values()).instruments).toEqual([]);
  });
});

describe('the slots', () => {
  it('a backup only after its primary, the primary deleted only after its backup', () => {
    expect(slotBlock('md_backup', 'add', new Set())).toBe('backup_needs_primary');
    expect(slotBlock('md_backup', 'add', new Set(['md_primary'] as const))).toBeNull();
    expect(slotBlock('trade', 'add', new Set())).toBeNull();
    expect(slotBlock('md_primary', 'delete', new Set(['md_primary', 'md_backup'] as const))).toBe(
      'primary_has_backup',
    );
    expect(slotBlock('md_primary', 'delete', new Set(['md_primary'] as const))).toBeNull();
    expect(t('admin_feeds.sources.backup_needs_primary')).not.toMatch(/^admin_feeds/);
  });

  it('shows the address, an IPv6 one in brackets', () => {
    expect(hostPort('lp.example', 9878)).toBe('lp.example:9878');
    expect(hostPort('2001:db8::7', 9878)).toBe('[2001:db8::7]:9878');
  });

  it('lists the first instruments and counts the rest', () => {
    expect(instrumentsShown(['A', 'B', 'C'], 2)).toEqual({ shown: ['A', 'B'], more: 1 });
    expect(instrumentsShown(['A'], 2)).toEqual({ shown: ['A'], more: 0 });
    const gold = { code: 'XAUUSD', show_code: 'GOLD' } as AdminInstrument;
    const euro = { code: 'EURUSD', show_code: 'EURUSD' } as AdminInstrument;
    expect(instrumentOptions([gold, euro])).toEqual([
      { value: 'XAUUSD', label: 'XAUUSD (GOLD)' },
      { value: 'EURUSD', label: 'EURUSD' },
    ]);
  });
});
