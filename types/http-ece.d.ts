// http_ece (the Web Push encryption of RFC 8188/8291, by web-push's authors) ships no types: the one call used here.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  const ece: { decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string | Buffer }): Buffer };
  export default ece;
}
