// A sign-in from a browser the account has not used before is noted in the person's notifications (issue 46, Carousell's
// lesson: scammers sign in to bought or stolen accounts from their own devices). The apps send a random id their
// browser keeps (X-PhoneHaat-Browser) when they exchange a sign-in for an access token; the first browser an account
// signs in from is simply remembered, every later new one is told. Decision 038.
import Bowser from 'bowser';
import { sql } from 'drizzle-orm';
import { paths } from '@phonehaat/shared-api';
import type { Db } from '../../../db/client.ts';
import type { Notifier } from '../../notifications/index.ts';
import { rows } from '../../../db/rows.ts';

export const BROWSER_HEADER = 'x-phonehaat-browser';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The browser and system a User-Agent names ("Chrome, Android"), as the words of a notification show it. */
export function deviceOf(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const { browser, os } = Bowser.parse(userAgent);
  return [browser.name, os.name].filter(Boolean).join(', ').slice(0, 80);
}

export function createBrowserLog({ db, notifier }: { db: Db; notifier: Pick<Notifier, 'send'> }) {
  /** Remembers the browser a person signed in from; tells them when it is new and not their first. */
  return async function signedInFrom(userId: string, browserId: string | undefined, userAgent: string | undefined): Promise<void> {
    if (!browserId || !UUID.test(browserId)) return;
    const device = deviceOf(userAgent);
    const known = await rows<{ id: string }>(db, sql`SELECT 1 AS id FROM known_browsers WHERE user_id = ${userId} AND browser_id = ${browserId}`);
    if (known.length) return; // the hourly refresh of a known browser: nothing to write
    // One account's browsers are counted one sign-in at a time (its user row locked), so of two browsers signing in to
    // a new account at once exactly one is its first.
    const seen = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
      const [counted] = await rows<{ before: number; added: boolean }>(
        tx,
        sql`WITH known AS (SELECT count(*)::int AS n FROM known_browsers WHERE user_id = ${userId}),
                 added AS (INSERT INTO known_browsers (user_id, browser_id, device) VALUES (${userId}, ${browserId}, ${device})
                           ON CONFLICT (user_id, browser_id) DO NOTHING RETURNING 1)
            SELECT (SELECT n FROM known) AS before, EXISTS (SELECT 1 FROM added) AS added`,
      );
      return counted;
    });
    if (!seen?.added || seen.before === 0) return;
    await notifier.send([
      {
        userId,
        kind: 'new-sign-in',
        params: { device },
        link: paths.notificationSettings,
        eventKey: `new-sign-in:${userId}:${browserId.toLowerCase()}`,
      },
    ]);
  };
}
export type BrowserLog = ReturnType<typeof createBrowserLog>;
