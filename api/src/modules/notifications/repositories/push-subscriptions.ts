import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { PushDevice, PushRenewalBody, PushSubscriptionBody } from '@phonehaat/shared-api';
import type { Db } from '../../../db/client.ts';
import { pushSubscriptions } from '../../../db/schema.ts';

type Row = typeof pushSubscriptions.$inferSelect;
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const toDevice = (row: Row): PushDevice => ({ _id: row.id, endpoint: row.endpoint, device: row.device, createdAt: row.createdAt.toISOString() });

/** The devices people get pushes on (issue 48, migration 0037). */
export function createPushSubscriptionsRepository(db: Db) {
  return {
    /**
     * This device for this person. A browser gives one endpoint per subscription: subscribing it again (new keys) keeps
     * its id; another person signing in on the same browser takes it over as a new device, and the pushes still on
     * their way to the one before are dropped with the old row rather than shown to the new one.
     */
    async subscribe(userId: string, body: PushSubscriptionBody, device: string): Promise<PushDevice> {
      const row = await db.transaction(async (tx) => {
        await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, body.endpoint), ne(pushSubscriptions.userId, userId)));
        const [saved] = await tx
          .insert(pushSubscriptions)
          .values({ userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, device })
          .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { p256dh: body.keys.p256dh, auth: body.keys.auth, device } })
          .returning();
        return saved!;
      });
      return toDevice(row);
    },

    /**
     * The browser replaced a device's subscription by itself: the device (its id, owner and unsent pushes) goes on at the
     * new address with the new keys. Only the old subscription's exact keys name the device; answers nothing otherwise.
     * Should the new address be registered already (the person turned pushes on again first), that row is the device.
     */
    async renew({ oldSubscription, newSubscription }: PushRenewalBody): Promise<PushDevice | undefined> {
      const row = await db.transaction(async (tx) => {
        const [old] = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, oldSubscription.endpoint)).for('update');
        if (!old || !same(old.auth, oldSubscription.keys.auth) || !same(old.p256dh, oldSubscription.keys.p256dh)) return undefined;
        const [taken] = await tx
          .select()
          .from(pushSubscriptions)
          .where(and(eq(pushSubscriptions.endpoint, newSubscription.endpoint), ne(pushSubscriptions.id, old.id)));
        if (taken) {
          await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, old.id));
          return taken;
        }
        const [moved] = await tx
          .update(pushSubscriptions)
          .set({ endpoint: newSubscription.endpoint, p256dh: newSubscription.keys.p256dh, auth: newSubscription.keys.auth })
          .where(eq(pushSubscriptions.id, old.id))
          .returning();
        return moved;
      });
      return row && toDevice(row);
    },

    async list(userId: string): Promise<PushDevice[]> {
      const found = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(desc(pushSubscriptions.createdAt));
      return found.map(toDevice);
    },

    /** The person's own device, no longer pushed to (its unsent pushes go with it); another's is not found. */
    async remove(userId: string, id: string): Promise<number> {
      const gone = await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId))).returning({ id: pushSubscriptions.id });
      return gone.length;
    },

    /** The push service said the device is gone (404/410). */
    async forget(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },
  };
}
export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>;
