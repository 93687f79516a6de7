import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for the server's tests: ES256 keys, 'none' attestation, discoverable
 * credentials with the user handle it was given, a signature counter the test can set (a copy of an
 * authenticator answers with a counter that does not go up).
 */
interface Credential {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const u32 = (n: number) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
};
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
export interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export function softAuthenticator(origin: string) {
  const credentials: Credential[] = [];
  const clientData = (type: string, challenge: string) =>
    new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentials,

    /** navigator.credentials.create: a new key pair and its RegistrationResponseJSON. */
    create(
      options: CreationOptions,
      { userVerified = true, reuse }: { userVerified?: boolean; reuse?: Credential } = {},
    ) {
      const { privateKey, publicKey } = reuse
        ? { privateKey: reuse.privateKey, publicKey: createPublicKey(reuse.privateKey) }
        : generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]);
      const rawId = reuse ? isoBase64URL.toBuffer(reuse.id) : new Uint8Array(randomBytes(16));
      const idLength = new Uint8Array([0, rawId.length]);
      const authData = concat(
        sha256(options.rp.id ?? new URL(origin).hostname),
        new Uint8Array([UP | AT | (userVerified ? UV : 0)]),
        u32(0),
        new Uint8Array(16),
        idLength,
        rawId,
        isoCBOR.encode(cose),
      );
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as never,
      );
      const credential = { id: b64(rawId), privateKey, userHandle: options.user.id, counter: 0 };
      if (!reuse) credentials.push(credential);
      return {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /**
     * navigator.credentials.get with a discoverable credential: its AuthenticationResponseJSON. The counter
     * goes up by one unless `counter` is given; `userHandle` replaces the credential's own.
     */
    get(
      options: RequestOptions,
      credential: Credential | undefined = credentials[0],
      extra: { counter?: number; userVerified?: boolean; userHandle?: string; rpId?: string } = {},
    ) {
      if (!credential) throw new Error('no credential');
      credential.counter = extra.counter ?? credential.counter + 1;
      const rpId = extra.rpId ?? options.rpId ?? new URL(origin).hostname;
      const authData = concat(
        sha256(rpId),
        new Uint8Array([UP | (extra.userVerified === false ? 0 : UV)]),
        u32(credential.counter),
      );
      const data = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', concat(authData, sha256(data)), credential.privateKey);
      return {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(data),
          authenticatorData: b64(authData),
          signature: b64(new Uint8Array(signature)),
          userHandle: extra.userHandle ?? credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
