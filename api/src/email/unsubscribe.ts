import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_KINDS, type EmailKind } from '@phonehaat/shared-api';

/**
 * One-click unsubscribe tokens (RFC 8058): `<userId>.<kind>.<signature>`, the signature an HMAC of the two with a key
 * derived from the server's secret. It works without signing in, only for that person and that kind; it never expires
 * (an old e-mail's link still unsubscribes).
 */
export function createUnsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update('phonehaat-unsubscribe').digest();
  const sign = (userId: string, kind: string) => createHmac('sha256', key).update(`${userId}:${kind}`).digest('base64url');
  return {
    create: (userId: string, kind: EmailKind) => `${userId}.${kind}.${sign(userId, kind)}`,
    /** The person and kind a token was made for, or undefined for a forged or damaged one. */
    read(token: string): { userId: string; kind: EmailKind } | undefined {
      const [userId, kind, signature, ...rest] = token.split('.');
      if (!userId || !kind || !signature || rest.length > 0 || !(EMAIL_KINDS as readonly string[]).includes(kind)) return undefined;
      const expected = Buffer.from(sign(userId, kind));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return { userId, kind: kind as EmailKind };
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
