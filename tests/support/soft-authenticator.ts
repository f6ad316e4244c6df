/**
 * A passkey authenticator in software, for tests that need WebAuthn responses the browser would
 * send (docs/product.md#sign-in-security): an ES256 key pair, 'none' attestation, a signature
 * counter the test controls, and any origin the test names (to check that a wrong one is refused).
 * The CBOR and base64url helpers are @simplewebauthn/server's own.
 */
import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const u32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** One passkey: `register` answers creation options, `sign` answers request options. */
export function softPasskey(rpID: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = new Uint8Array(randomBytes(16));
  const id = b64(credentialId);
  let userHandle = '';
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
  return {
    id,
    /** A registration response to `options` (from …/registration-options), as seen from `origin`. */
    register(options: { challenge: string; user: { id: string } }, origin: string) {
      userHandle = options.user.id;
      const clientData = json({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false });
      const authData = concat(
        sha256(rpID),
        new Uint8Array([0x45]),
        u32(0),
        new Uint8Array(16),
        new Uint8Array([0, credentialId.length]),
        credentialId,
        cose,
      );
      const attestation = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: { clientDataJSON: b64(clientData), attestationObject: b64(attestation), transports: ['internal'] },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /** A sign-in response to `options` with signature counter `counter`, as seen from `origin`. */
    sign(options: { challenge: string }, origin: string, counter: number) {
      const clientData = json({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false });
      const authData = concat(sha256(rpID), new Uint8Array([0x05]), u32(counter));
      const signer = createSign('SHA256');
      signer.update(concat(authData, sha256(clientData)));
      const signature = new Uint8Array(signer.sign(privateKey));
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientData),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
