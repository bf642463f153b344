import { constants, createPrivateKey, createPublicKey, privateDecrypt, publicEncrypt, sign, verify, type KeyObject } from 'node:crypto';

/**
 * Nagad's sealing of a call's sensitive fields (its merchant guide; the sample clients Nagad hands merchants do the
 * same): the JSON encrypted to the other side's RSA public key with PKCS#1 v1.5 padding and signed with our own private
 * key (SHA256withRSA), both base64. Nagad's keys come as base64 DER (SPKI public, PKCS#8 private), with or without the
 * PEM armour.
 */
function keyOf(text: string, kind: 'public' | 'private'): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----')) return kind === 'public' ? createPublicKey(trimmed) : createPrivateKey(trimmed);
  const der = Buffer.from(trimmed, 'base64');
  return kind === 'public' ? createPublicKey({ key: der, format: 'der', type: 'spki' }) : createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
}

export function createNagadSealer(keys: { merchantPrivateKey: string; nagadPublicKey: string }) {
  const own = keyOf(keys.merchantPrivateKey, 'private');
  const nagad = keyOf(keys.nagadPublicKey, 'public');
  return {
    /** sensitiveData and signature for fields sent to Nagad. */
    seal(fields: Record<string, string>) {
      const plain = Buffer.from(JSON.stringify(fields), 'utf8');
      return { sensitiveData: publicEncrypt({ key: nagad, padding: constants.RSA_PKCS1_PADDING }, plain).toString('base64'), signature: sign('sha256', plain, own).toString('base64') };
    },
    /** Our signature (SHA256withRSA, base64) over a text: the disbursement's handshake signs its fields joined. */
    sign: (text: string) => sign('sha256', Buffer.from(text, 'utf8'), own).toString('base64'),
    /** What Nagad sealed for us, when Nagad signed it; undefined otherwise (a forged or garbled answer). */
    open(sensitiveData: string, signature: string): unknown {
      try {
        const plain = privateDecrypt({ key: own, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(sensitiveData, 'base64'));
        return verify('sha256', plain, nagad, Buffer.from(signature, 'base64')) ? JSON.parse(plain.toString('utf8')) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
