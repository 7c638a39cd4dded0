import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64u = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/** What the page asked for and where it is, as the browser would tell the authenticator. */
interface Ceremony {
  /** The challenge of the options the server handed out. */
  challenge: string;
  /** The page's origin, signed into clientDataJSON. */
  origin: string;
  /** The RP ID the authenticator scopes the credential to (its SHA-256 is signed). */
  rpId: string;
}

/**
 * A software authenticator for the server's tests: an ES256 key, WebAuthn's "none"
 * attestation and assertions signed as a real authenticator signs them (authenticator data
 * ‖ SHA-256 of the client data), so @simplewebauthn/server checks them for real. The
 * browser journey uses Chromium's virtual authenticator instead.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly jwk: { x: string; y: string };
  counter = 0;
  userHandle = '';

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.jwk = { x: jwk.x ?? '', y: jwk.y ?? '' };
  }

  get id(): string {
    return b64u(this.credentialId);
  }

  /** navigator.credentials.create()'s answer, serialised as @simplewebauthn/browser does. */
  register(c: Ceremony & { userHandle: string }) {
    this.userHandle = c.userHandle;
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.jwk.x, 'base64url')],
      [-3, Buffer.from(this.jwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.header(c.rpId, 0x45), // user present, verified, attested credential data
      Buffer.alloc(16), // AAGUID
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestation = new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData('webauthn.create', c),
        attestationObject: b64u(isoCBOR.encode(attestation as never)),
        transports: ['internal' as const],
      },
    };
  }

  /** navigator.credentials.get()'s answer; each use counts one up, as authenticators do. */
  assert(c: Ceremony & { counter?: number }) {
    this.counter = c.counter ?? this.counter + 1;
    const authData = this.header(c.rpId, 0x05);
    const clientDataJSON = this.clientData('webauthn.get', c);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON,
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }

  /** The RP ID's hash, the flags and the signature counter. */
  private header(rpId: string, flags: number): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter]);
  }

  private clientData(type: string, c: Ceremony): string {
    return b64u(
      Buffer.from(JSON.stringify({ type, challenge: c.challenge, origin: c.origin, crossOrigin: false })),
    );
  }
}
