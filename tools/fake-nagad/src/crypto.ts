import { createPrivateKey, createPublicKey, privateDecrypt, publicEncrypt, sign, verify, constants } from 'node:crypto';

// Nagad's scheme as its merchant guide and sample clients apply it: the JSON of a request's sensitive fields encrypted
// with the receiver's RSA public key (PKCS#1 v1.5 padding, base64), and signed with the sender's private key
// (SHA256withRSA, base64). Keys travel as base64 DER: SPKI for public keys, PKCS#8 for private ones.
const publicKey = (der: string) => createPublicKey({ key: Buffer.from(der, 'base64'), format: 'der', type: 'spki' });
const privateKey = (der: string) => createPrivateKey({ key: Buffer.from(der, 'base64'), format: 'der', type: 'pkcs8' });

export const encryptFor = (receiverPublicKey: string, text: string) =>
  publicEncrypt({ key: publicKey(receiverPublicKey), padding: constants.RSA_PKCS1_PADDING }, Buffer.from(text, 'utf8')).toString('base64');

/** The plain text, or undefined when it was not encrypted to this key. */
export function decryptWith(ownPrivateKey: string, sealed: string): string | undefined {
  try {
    return privateDecrypt({ key: privateKey(ownPrivateKey), padding: constants.RSA_PKCS1_PADDING }, Buffer.from(sealed, 'base64')).toString('utf8');
  } catch {
    return undefined;
  }
}

export const signWith = (ownPrivateKey: string, text: string) => sign('sha256', Buffer.from(text, 'utf8'), privateKey(ownPrivateKey)).toString('base64');

export function signedBy(senderPublicKey: string, text: string, signature: string): boolean {
  try {
    return verify('sha256', Buffer.from(text, 'utf8'), publicKey(senderPublicKey), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
