// PhoneHaat's signature on a device check's report (issue 68, decision 052): Ed25519 over the report's canonical JSON,
// by a key of its own. Keys are named (`kid`); the newest signs, every one kept verifies, so a key is rotated by adding
// a new one in front without invalidating a report signed before. node:crypto does it all: no library needed.
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** An Ed25519 private key from its 32-byte seed (PKCS#8's fixed prefix for Ed25519, then the seed). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const privateKeyFromSeed = (seed: Buffer): KeyObject => createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/**
 * The keys from their setting: `kid:base64seed` pairs, comma-separated, the signing one first
 * (`DEVICE_CHECK_KEYS="2026-12:…,2026-06:…"`). Each seed is 32 random bytes (`openssl rand -base64 32`).
 */
export function readSigningKeys(setting: string): SigningKey[] {
  return setting
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const [kid, seed] = pair.split(':');
      const bytes = Buffer.from(seed ?? '', 'base64');
      if (!kid || bytes.length !== 32) throw new Error(`DEVICE_CHECK_KEYS: "${kid ?? pair}" needs a key id and a 32-byte base64 seed`);
      const privateKey = privateKeyFromSeed(bytes);
      return { kid, privateKey, publicKey: createPublicKey(privateKey) };
    });
}

/** A development key (never in production: env.ts refuses it), the same on every start so reports stay verifiable. */
export const devSigningSeed = () => `dev:${createHash('sha256').update('phonehaat development device-check key').digest('base64')}`;

/** JSON with every object's keys sorted (arrays keep their order): the same report always signs the same bytes. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export function createReportSigner(keys: SigningKey[]) {
  if (keys.length === 0) throw new Error('DEVICE_CHECK_KEYS: at least one key');
  const byId = new Map(keys.map((key) => [key.kid, key]));
  return {
    /** Signs with the newest key: its id and the signature (base64url). */
    sign(report: object): { keyId: string; signature: string } {
      const key = keys[0]!;
      return { keyId: key.kid, signature: sign(null, Buffer.from(canonicalJson(report)), key.privateKey).toString('base64url') };
    },
    /** Whether the signature is one of PhoneHaat's keys' over exactly this report (an unknown key: no). */
    verify(report: object, keyId: string, signature: string): boolean {
      const key = byId.get(keyId);
      if (!key) return false;
      try {
        return verify(null, Buffer.from(canonicalJson(report)), key.publicKey, Buffer.from(signature, 'base64url'));
      } catch {
        return false;
      }
    },
    /** The public keys, as JWKs, for anyone who wants to check a report themselves. */
    publicKeys() {
      return keys.map((key) => ({ kid: key.kid, ...(key.publicKey.export({ format: 'jwk' }) as { kty: 'OKP'; crv: 'Ed25519'; x: string }) }));
    },
  };
}
export type ReportSigner = ReturnType<typeof createReportSigner>;
