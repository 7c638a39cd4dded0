import { describe, expect, it } from 'vitest';
import { describeEndpoint, FixUrlError, parseFixUrl } from './fix-url.js';

describe('parseFixUrl', () => {
  it('reads host, port and both comp ids', () => {
    expect(parseFixUrl('fix://lp.example.com:9878?sender=PIPWISE&target=LP-1')).toEqual({
      host: 'lp.example.com',
      port: 9878,
      sender: 'PIPWISE',
      target: 'LP-1',
    });
    expect(parseFixUrl('fix://10.0.0.7:443/?target=B.2&sender=a_1')).toEqual({
      host: '10.0.0.7',
      port: 443,
      sender: 'a_1',
      target: 'B.2',
    });
    expect(parseFixUrl('FIX://[::1]:65535?sender=A&target=B')).toMatchObject({ host: '::1', port: 65_535 });
  });

  it.each([
    ['', /empty/],
    ['fix://h:1?sender=A&target=B ', /spaces/],
    ['tcp://h:1?sender=A&target=B', /must start with fix:\/\//],
    ['h:1', /is not a URL/],
    ['fix://h?sender=A&target=B', /needs a port/],
    ['fix://h:0?sender=A&target=B', /needs a port/],
    ['fix://h:01?sender=A&target=B', /needs a port/],
    ['fix://h:65536?sender=A&target=B', /needs a port/],
    ['fix://:1?sender=A&target=B', /has no host/],
    ['fix://h_1:1?sender=A&target=B', /bad host/],
    ['fix://1.2.3:1?sender=A&target=B', /bad host/],
    ['fix://[zz]:1?sender=A&target=B', /bad host/],
    ['fix://user:pw@h:1?sender=A&target=B', /user or password/],
    ['fix://h:1/fix?sender=A&target=B', /must not have a path/],
    ['fix://h:1?sender=A&target=B#x', /fragment/],
    ['fix://h:1?target=B', /needs sender=/],
    ['fix://h:1?sender=A', /needs target=/],
    ['fix://h:1?sender=A&sender=C&target=B', /names sender more than once/],
    ['fix://h:1?sender=A&target=B&password=x', /unknown parameter: "password"/],
    ['fix://h:1?sender=&target=B', /sender must be/],
    ['fix://h:1?sender=../x&target=B', /sender must be/],
    ['fix://h:1?sender=A%20B&target=B', /sender must be/],
    ['fix://h:1?sender=ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456&target=B', /sender must be/],
    ['fix://h:1?sender=A&target=A', /must differ/],
    [`fix://h:1?sender=A&target=B${'x'.repeat(600)}`, /longer than/],
  ])('refuses %j', (raw, why) => {
    expect(() => parseFixUrl(raw)).toThrow(FixUrlError);
    expect(() => parseFixUrl(raw)).toThrow(why);
  });

  it('names the expected form in every refusal', () => {
    expect(() => parseFixUrl('fix://h')).toThrow('expected fix://HOST:PORT?sender=SENDER&target=TARGET');
  });

  it('describes an endpoint as a URL it would read back', () => {
    const endpoint = { host: '::1', port: 9878, sender: 'A', target: 'B' };
    expect(describeEndpoint(endpoint)).toBe('fix://[::1]:9878?sender=A&target=B');
    expect(parseFixUrl(describeEndpoint(endpoint))).toEqual(endpoint);
  });
});
