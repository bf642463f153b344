import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { nagadDisbursements } from '../../../db/schema.ts';
import type { PayoutRail } from '../../orders/index.ts';
import { takaText } from './amounts.ts';
import type { NagadDisbursementClient } from './nagad-disbursement-client.ts';

/**
 * Money sent to a Nagad account (a cash sale's refund, issue 69) as one disbursement batch per invoice. Nagad's batch has
 * no idempotency key of its own, so each step is kept under the invoice before the next: a retry (a crash, a lost answer,
 * a second worker) goes on with the batch already made, and approves it at most once. Two workers creating at once make
 * two batches; only the one kept is filled and approved, the other is never sent.
 */
export function createNagadPayoutRail(db: Db, client: NagadDisbursementClient): PayoutRail {
  const kept = async (invoice: string) => (await db.select().from(nagadDisbursements).where(eq(nagadDisbursements.invoice, invoice)))[0];
  const advance = (invoice: string, values: Partial<typeof nagadDisbursements.$inferInsert>) => db.update(nagadDisbursements).set(values).where(eq(nagadDisbursements.invoice, invoice));

  return {
    method: 'nagad',
    async pay({ invoice, wallet, amount }) {
      const session = await client.handshake();
      let batch = await kept(invoice);
      if (!batch) {
        const created = await client.create(session, invoice);
        await db.insert(nagadDisbursements).values({ invoice, batchId: created.batchId, mobileNo: wallet, amount, status: created.status }).onConflictDoNothing();
        batch = (await kept(invoice))!;
      }
      if (batch.stage === 'created' && (batch.mobileNo !== wallet || batch.amount !== amount)) {
        // Not filled yet: the wallet named since (the buyer's choice after a refusal) is the one it goes to.
        await db.update(nagadDisbursements).set({ mobileNo: wallet, amount }).where(and(eq(nagadDisbursements.invoice, invoice), eq(nagadDisbursements.stage, 'created')));
        batch = (await kept(invoice))!;
      }
      if (batch.mobileNo !== wallet || batch.amount !== amount) throw new Error(`Nagad disbursement ${invoice} was made for ${batch.mobileNo} (${batch.amount} poisha) already`);
      if (batch.stage === 'created') {
        const filled = await client.addItems(session, batch.batchId, [{ mobileNo: wallet, trxAmount: takaText(amount), description: 'PhoneHaat refund', additionalInfo: { referenceNo: invoice } }]);
        await advance(invoice, { stage: 'filled', status: filled.status });
      }
      if (batch.stage !== 'approved') {
        const approved = await client.approve(session, batch.batchId);
        await advance(invoice, { stage: 'approved', status: approved.status, approvedAt: new Date() });
      }
      return { transactionId: batch.batchId, amount };
    },
  };
}
