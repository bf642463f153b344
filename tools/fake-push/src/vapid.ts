// RFC 8292 (VAPID): the push service checks the application server's JWT — ES256, signed by the key in `k`, for this
// push service's origin, expiring within 24 hours — and that `k` is the key the subscription was made with.
import { createPublicKey, verify } from 'node:crypto';

/** The development key pair the local stack gives the API (never used anywhere real). */
export const DEV_VAPID = {
  publicKey: 'BGEzGfwgbqQYkLWgBQJSdNIgUVHLiql53550ZyapTONpV4BNBVAVGbuJZcv1m_o3D6EUUtIY52ZLO3coHyFXPjM',
  privateKey: 'K3fmJnTk-X10JoIGkQ3Sw77OZqhFTgoEv8of0XagZMs',
};

export class VapidRefused extends Error {
  readonly status: 401 | 403;
  constructor(status: 401 | 403, message: string) {
    super(message);
    this.status = status;
  }
}

const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** The uncompressed P-256 point (0x04 ‖ x ‖ y) as a key Node can verify with. */
function publicKeyOf(k: string) {
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new VapidRefused(401, 'k is not an uncompressed P-256 public key');
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>` for a push to `origin`; answers the key. 401 for a missing or bad
 * token, 403 for a key other than the subscription's (RFC 8292 §4.2).
 */
export function checkVapid(header: string | undefined, origin: string, subscribedWith: string | undefined, now = Date.now()): string {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match) throw new VapidRefused(401, 'Authorization must be "vapid t=…, k=…"');
  const params = Object.fromEntries(match[1]!.split(',').map((part) => part.trim().split('=') as [string, string]));
  const { t: token, k } = params;
  if (!token || !k) throw new VapidRefused(401, 'Authorization needs both t and k');
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) throw new VapidRefused(401, 't is not a JWT');
  let header_: Record<string, unknown>, claims: Record<string, unknown>;
  try {
    header_ = json(head);
    claims = json(body);
  } catch {
    throw new VapidRefused(401, 't is not a JWT');
  }
  if (header_.alg !== 'ES256') throw new VapidRefused(401, 'the JWT must be signed with ES256');
  const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key: publicKeyOf(k), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new VapidRefused(401, 'the JWT is not signed by k');
  if (claims.aud !== origin) throw new VapidRefused(401, `aud must be ${origin}`);
  const exp = Number(claims.exp);
  if (!Number.isFinite(exp) || exp * 1000 <= now) throw new VapidRefused(401, 'the JWT has expired');
  if (exp * 1000 > now + 24 * 60 * 60 * 1000) throw new VapidRefused(401, 'exp must be within 24 hours');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new VapidRefused(401, 'sub must be a mailto: or https: address');
  if (subscribedWith && subscribedWith !== k) throw new VapidRefused(403, 'k is not the key this subscription was made with');
  return k;
}
