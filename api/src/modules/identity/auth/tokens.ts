import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { Role } from '@phonehaat/shared-api';

const ISSUER = 'phonehaat-api';
const AUDIENCE = 'phonehaat';
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
/** A stream ticket opens one event stream, once, soon after it was asked for (it travels in the address, so it is short-lived). */
export const STREAM_TICKET_TTL_SECONDS = 60;
const STREAM_AUDIENCE = 'phonehaat-stream';

export interface AccessClaims {
  userId: string;
  email: string;
  role: Role;
}

/** The API's own short-lived access token, handed out by GET /jwt after a Firebase sign-in. */
export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  // A token's signature check always gives the same answer: remember good ones until they expire.
  const verified = new Map<string, AccessClaims & { exp: number }>();
  return {
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ email: claims.email, role: claims.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },
    /** A ticket for GET /stream: EventSource cannot send an Authorization header. Not an access token (another audience). */
    async signStreamTicket(userId: string): Promise<{ ticket: string; expiresAt: Date }> {
      const expiresAt = new Date(Date.now() + STREAM_TICKET_TTL_SECONDS * 1000);
      const ticket = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setJti(randomUUID())
        .setIssuer(ISSUER)
        .setAudience(STREAM_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { ticket, expiresAt };
    },
    /** The user a stream ticket was given to, and the ticket's id (spent once); throws on a bad, expired or other kind of token. */
    async verifyStreamTicket(ticket: string): Promise<{ userId: string; id: string; expiresAt: Date }> {
      const { payload } = await jwtVerify(ticket, key, { issuer: ISSUER, audience: STREAM_AUDIENCE, algorithms: ['HS256'] });
      if (!payload.sub || !payload.jti || !payload.exp) throw new Error('malformed stream ticket');
      return { userId: payload.sub, id: payload.jti, expiresAt: new Date(payload.exp * 1000) };
    },
    /** Throws on a bad signature, a wrong issuer or audience, or an expired token. */
    async verify(token: string): Promise<AccessClaims> {
      const known = verified.get(token);
      if (known && known.exp * 1000 > Date.now()) return known;
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      const role = Role.safeParse(payload.role);
      if (!payload.sub || typeof payload.email !== 'string' || !role.success || !payload.exp) throw new Error('malformed access token');
      const claims = { userId: payload.sub, email: payload.email, role: role.data, exp: payload.exp };
      if (verified.size >= 10_000) verified.clear();
      verified.set(token, claims);
      return claims;
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
