import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';

export interface ProviderToken {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  refreshExpiresAt: Date | null;
}

/** A provider's access token where every instance sees it (provider_tokens, migration 0016). */
export function createProviderTokensRepository(db: Db) {
  return {
    async read(provider: string): Promise<ProviderToken | undefined> {
      const [row] = await rows<{ access_token: string | null; refresh_token: string | null; expires_at: string | Date | null; refresh_expires_at: string | Date | null }>(
        db,
        sql`SELECT access_token, refresh_token, expires_at, refresh_expires_at FROM provider_tokens WHERE provider = ${provider}`,
      );
      if (!row?.access_token || !row.expires_at) return undefined;
      return {
        accessToken: row.access_token,
        refreshToken: row.refresh_token,
        expiresAt: new Date(row.expires_at),
        refreshExpiresAt: row.refresh_expires_at ? new Date(row.refresh_expires_at) : null,
      };
    },

    /** True for the one instance that may renew the token now; the lease lapses by itself if that instance dies. */
    async lease(provider: string, seconds: number): Promise<boolean> {
      const taken = await rows<{ provider: string }>(
        db,
        sql`INSERT INTO provider_tokens (provider, renewing_until) VALUES (${provider}, now() + make_interval(secs => ${seconds}))
            ON CONFLICT (provider) DO UPDATE SET renewing_until = EXCLUDED.renewing_until
            WHERE provider_tokens.renewing_until IS NULL OR provider_tokens.renewing_until < now()
            RETURNING provider`,
      );
      return taken.length === 1;
    },

    /** Keeps a new token and ends the lease. */
    async save(provider: string, token: ProviderToken): Promise<void> {
      await db.execute(sql`UPDATE provider_tokens SET access_token = ${token.accessToken}, refresh_token = ${token.refreshToken},
          expires_at = ${token.expiresAt.toISOString()}, refresh_expires_at = ${token.refreshExpiresAt?.toISOString() ?? null}, renewing_until = NULL
        WHERE provider = ${provider}`);
    },

    async release(provider: string): Promise<void> {
      await db.execute(sql`UPDATE provider_tokens SET renewing_until = NULL WHERE provider = ${provider}`);
    },

    /** The provider refused this token before its time: nobody uses it again. */
    async expire(provider: string, accessToken: string): Promise<void> {
      await db.execute(sql`UPDATE provider_tokens SET expires_at = now() WHERE provider = ${provider} AND access_token = ${accessToken}`);
    },
  };
}
export type ProviderTokensRepository = ReturnType<typeof createProviderTokensRepository>;
