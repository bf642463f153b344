import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { nagadDisbursements } from '../../../db/schema.ts';
import type { PayoutRail } from '../../orders/index.ts';
import { takaText } from './amounts.ts';
import { NagadError } from './nagad-client.ts';
import type { NagadDisbursementClient } from './nagad-disbursement-client.ts';

type Kept = typeof nagadDisbursements.$inferSelect;
type Session = Awaited<ReturnType<NagadDisbursementClient['handshake']>>;

export interface NagadPayoutTiming {
  /** How long a worker waits for another that is filling the same batch before it gives up (and says so). */
  waitMs?: number;
  /** A claim older than this never had its answer (a crash, a timeout): its batch is given up, never approved. */
  staleMs?: number;
  pollMs?: number;
}

/**
 * Money sent to a Nagad account (a cash sale's refund, issue 69) as one disbursement batch per invoice. Nagad's batch has
 * no idempotency key of its own, so each step is kept under the invoice: a batch is made (two workers making one at once
 * keep only one; the other stays empty and is never approved), claimed by one worker ('filling'), given its one item,
 * then approved (asked again, Nagad answers the approved batch). A worker that finds the batch being filled waits for
 * the other. Only a batch that reached 'filled' is ever approved, and only one batch per invoice can: so the money goes
 * once, whatever crashes or runs beside it.
 */
export function createNagadPayoutRail(db: Db, client: NagadDisbursementClient, timing: NagadPayoutTiming = {}): PayoutRail {
  const { waitMs = 10_000, staleMs = 120_000, pollMs = 50 } = timing;
  const kept = async (invoice: string) => (await db.select().from(nagadDisbursements).where(eq(nagadDisbursements.invoice, invoice)))[0];
  const stepOf = (batch: Kept, stage: Kept['stage']) =>
    and(eq(nagadDisbursements.invoice, batch.invoice), eq(nagadDisbursements.batchId, batch.batchId), eq(nagadDisbursements.stage, stage));

  async function make(invoice: string, wallet: string, amount: number, session: Session): Promise<Kept> {
    const created = await client.create(session, invoice);
    await db.insert(nagadDisbursements).values({ invoice, batchId: created.batchId, mobileNo: wallet, amount, status: created.status }).onConflictDoNothing();
    return (await kept(invoice))!;
  }

  /** Fills a batch this worker claimed: a refusal leaves it to be claimed again (to another wallet, maybe). */
  async function fill(batch: Kept, session: Session) {
    const item = { mobileNo: batch.mobileNo, trxAmount: takaText(batch.amount), description: 'PhoneHaat refund', additionalInfo: { referenceNo: batch.invoice } };
    try {
      const filled = await client.addItems(session, batch.batchId, [item]);
      await db.update(nagadDisbursements).set({ stage: 'filled', status: filled.status }).where(stepOf(batch, 'filling'));
    } catch (error) {
      // Nagad said no: nothing was added. No answer (a timeout): unknown, so the claim stays until it is stale.
      if (error instanceof NagadError) await db.update(nagadDisbursements).set({ stage: 'created', claimedAt: null }).where(stepOf(batch, 'filling'));
      throw error;
    }
  }

  async function approve(batch: Kept, session: Session) {
    const approved = await client.approve(session, batch.batchId);
    await db.update(nagadDisbursements).set({ stage: 'approved', status: approved.status, approvedAt: new Date() }).where(stepOf(batch, 'filled'));
  }

  return {
    method: 'nagad',
    async pay({ invoice, wallet, amount }) {
      let session: Session | undefined;
      const nagad = async () => (session ??= await client.handshake());
      const deadline = Date.now() + waitMs;
      for (;;) {
        const batch = (await kept(invoice)) ?? (await make(invoice, wallet, amount, await nagad()));
        if (batch.stage === 'filled' || batch.stage === 'approved') {
          if (batch.mobileNo !== wallet || batch.amount !== amount) throw new Error(`Nagad disbursement ${invoice} was made for ${batch.mobileNo} (${batch.amount} poisha) already`);
          if (batch.stage === 'filled') await approve(batch, await nagad());
          return { transactionId: batch.batchId, amount };
        }
        if (batch.stage === 'created') {
          // Not filled yet: the wallet named since (the buyer's choice after a refusal) is the one it goes to.
          const [claimed] = await db.update(nagadDisbursements).set({ stage: 'filling', mobileNo: wallet, amount, claimedAt: new Date() }).where(stepOf(batch, 'created')).returning();
          if (claimed) await fill(claimed, await nagad());
          continue;
        }
        if (batch.claimedAt && Date.now() - batch.claimedAt.getTime() > staleMs) {
          // Its answer never came: that batch may hold the item, but it is never approved; a new one takes its place.
          const fresh = await client.create(await nagad(), invoice);
          await db.update(nagadDisbursements).set({ batchId: fresh.batchId, stage: 'created', status: fresh.status, claimedAt: null }).where(stepOf(batch, 'filling'));
          continue;
        }
        if (Date.now() > deadline) throw new Error(`Nagad disbursement ${invoice} is being sent by another request: try again in a minute`);
        await sleep(pollMs);
      }
    },
  };
}
