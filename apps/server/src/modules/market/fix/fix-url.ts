import { isIP } from 'node:net';

/** Where a FIX market-data session goes and who it is between (`FIX_MD_URL`). */
export interface FixEndpoint {
  host: string;
  port: number;
  /** Our SenderCompID (49): who we are to the provider. */
  sender: string;
  /** The provider's CompID, our TargetCompID (56). */
  target: string;
}

/** A FIX_MD_URL that is not `fix://HOST:PORT?sender=S&target=T`. */
export class FixUrlError extends Error {
  override readonly name = 'FixUrlError';
}

/** The form every message names, for the operator who mistyped it. */
export const FIX_URL_FORM = 'fix://HOST:PORT?sender=SENDER&target=TARGET';

/**
 * A CompID as this server accepts it: letters, digits, `.`, `_` and `-`, 1-32 of them. FIX
 * itself allows more, but a CompID also names the sequence-number file, so nothing that could
 * walk a path or break a log line gets in.
 */
export const COMP_ID = /^[A-Za-z0-9._-]{1,32}$/;
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const MAX_URL_CHARS = 512;

/** A host a session may connect to: a DNS name, an IPv4 address or an IPv6 address (bare). */
export function isFixHost(host: string): boolean {
  if (isIP(host) !== 0) return true;
  return HOST_NAME.test(host) && !/^[\d.]+$/.test(host);
}

/**
 * Reads `fix://HOST:PORT?sender=S&target=T` strictly: the scheme is `fix`, the host a name
 * or an address (IPv6 in brackets), the port 1-65535 and given, both comp ids given once
 * each, and nothing else — no user, password, path, other parameter or fragment. Anything
 * else is refused with a FixUrlError saying what is wrong.
 */
export function parseFixUrl(raw: string, name = 'FIX_MD_URL'): FixEndpoint {
  const fail = (why: string): never => {
    throw new FixUrlError(`${name} ${why} (expected ${FIX_URL_FORM})`);
  };
  if (raw.length > MAX_URL_CHARS) fail(`is longer than ${MAX_URL_CHARS} characters`);
  if (!/^[\x21-\x7e]+$/.test(raw)) fail('is empty or holds spaces or control characters');
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)(\/[^?#]*)?(?:\?([^#]*))?(#.*)?$/.exec(raw);
  if (!m) return fail('is not a URL');
  const [, scheme = '', authority = '', urlPath, query, fragment] = m;
  if (scheme.toLowerCase() !== 'fix') fail('must start with fix://');
  if (urlPath !== undefined && urlPath !== '/') fail('must not have a path');
  if (fragment !== undefined) fail('must not have a fragment (#…)');
  if (authority.includes('@')) fail('must not carry a user or password');

  const hostPort = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(authority);
  if (!hostPort) return fail(`has a bad host or port: ${JSON.stringify(authority.slice(0, 64))}`);
  const bracketed = /^\[(.*)\]$/.exec(hostPort[1]!);
  const host = bracketed ? bracketed[1]! : hostPort[1]!;
  if (host === '') fail('has no host');
  const goodHost = bracketed ? isIP(host) === 6 : host.includes(':') ? false : isFixHost(host);
  if (!goodHost) fail(`has a bad host: ${JSON.stringify(host.slice(0, 64))}`);
  const portText = hostPort[2] ?? '';
  if (!/^[1-9]\d{0,4}$/.test(portText) || Number(portText) > 65_535) fail('needs a port, 1-65535');

  const params = new Map<string, string[]>();
  for (const pair of (query ?? '').split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = eq === -1 ? pair : pair.slice(0, eq);
    const value = eq === -1 ? '' : pair.slice(eq + 1);
    if (key !== 'sender' && key !== 'target')
      fail(`has an unknown parameter: ${JSON.stringify(key.slice(0, 32))}`);
    params.set(key, [...(params.get(key) ?? []), value]);
  }
  const one = (key: 'sender' | 'target'): string => {
    const values = params.get(key) ?? [];
    if (values.length !== 1) fail(values.length === 0 ? `needs ${key}=` : `names ${key} more than once`);
    const value = values[0]!;
    if (!COMP_ID.test(value)) fail(`${key} must be 1-32 letters, digits, '.', '_' or '-'`);
    return value;
  };
  const sender = one('sender');
  const target = one('target');
  if (sender === target) fail('sender and target must differ');
  return { host, port: Number(portText), sender, target };
}

/** The endpoint as logs show it (no secrets in it to hide). */
export function describeEndpoint(endpoint: FixEndpoint): string {
  const host = isIP(endpoint.host) === 6 ? `[${endpoint.host}]` : endpoint.host;
  return `fix://${host}:${endpoint.port}?sender=${endpoint.sender}&target=${endpoint.target}`;
}

/** A Username (553) or Password (554) as this server sends it: printable ASCII, 1-64 characters. */
export const CREDENTIAL = /^[\x21-\x7e]{1,64}$/;

/**
 * A session's credentials from `NAME_USERNAME` and `NAME_PASSWORD` (never in the URL, so they
 * stay out of logs and status pages): both or neither; undefined when neither is set.
 */
export function fixCredentials(
  env: NodeJS.ProcessEnv,
  name: string,
): { username: string; password: string } | undefined {
  const username = env[`${name}_USERNAME`] ?? '';
  const password = env[`${name}_PASSWORD`] ?? '';
  if (username === '' && password === '') return undefined;
  if (!CREDENTIAL.test(username) || !CREDENTIAL.test(password))
    throw new FixUrlError(
      `${name}_USERNAME and ${name}_PASSWORD: both set, each 1-64 printable characters without spaces`,
    );
  return { username, password };
}
