import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import { Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { generate } from 'selfsigned';

/** http_ece (Mozilla's encrypted content-encoding, what web-push encrypts with) has no types. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer;
};

/** One request the push service received. */
export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A push service on this machine for tests (docs/notifications.md "Web push"): HTTPS with a
 * certificate made for the test, answering each request with the status its path asks for
 * (`/gone` 410, `/broken` 500, anything else 201), and a browser's keys to decrypt with.
 */
export class LocalPushService {
  /** What arrived, in order. */
  private sink: Received[] = [];
  get received(): readonly Received[] {
    return this.sink;
  }

  private constructor(
    private readonly server: Server,
    /** Trusts this service's certificate (the server's pushAgent option). */
    readonly agent: Agent,
  ) {}

  static async start(): Promise<LocalPushService> {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
    });
    const received: Received[] = [];
    const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = req.url?.startsWith('/gone') ? 410 : req.url?.startsWith('/broken') ? 500 : 201;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const service = new LocalPushService(server, new Agent({ ca: pems.cert }));
    service.sink = received;
    return service;
  }

  url(path: string): string {
    return `https://localhost:${(this.server.address() as AddressInfo).port}${path}`;
  }

  async stop(): Promise<void> {
    this.agent.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const b64url = (b: Buffer) => b.toString('base64url');

/** A browser's subscription keys, and what it reads a push with. */
export class Browser {
  private readonly ecdh = createECDH('prime256v1');
  readonly auth = b64url(randomBytes(16));
  readonly p256dh: string;
  constructor() {
    this.ecdh.generateKeys();
    this.p256dh = b64url(this.ecdh.getPublicKey());
  }

  /** Decrypts a push (aes128gcm) as the browser would: its JSON payload. */
  read(body: Buffer): unknown {
    return JSON.parse(
      ece.decrypt(body, { version: 'aes128gcm', privateKey: this.ecdh, authSecret: this.auth }).toString(),
    );
  }
}

/**
 * Checks a push's VAPID authorization (`vapid t=<JWT>, k=<public key>`) as a push service
 * does: the ES256 signature against the key, and the claims. Returns the claims.
 */
export function vapidClaims(authorization: string, publicKey: string): Record<string, unknown> {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!m) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, k] = m;
  if (k !== publicKey) throw new Error('the push is signed with another key');
  const [header, claims, signature] = jwt!.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
}
