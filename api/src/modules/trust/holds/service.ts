import type { Message } from '@phonehaat/shared-api';
import type { AuditRecord } from '../../../audit/audit.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { DomainError } from '../../../domain-error.ts';
import type { HoldsRepository } from './repository.ts';

/** A waiting message delivered: to its thread's two people, about a listing. */
export interface Delivered {
  message: Message;
  to: [string, string];
  productId: string;
}

/** What holding needs of the conversations: whether a sender wrote in a thread, and delivering what waited. */
export interface HeldMessages {
  hasWritten(threadId: string, senderId: string): Promise<boolean>;
  releaseHeld(tx: Tx, senderId: string): Promise<Delivered[]>;
}

interface Deps {
  db: Db;
  repo: HoldsRepository;
  messages: HeldMessages;
  audit: { record(tx: Tx | Db, entry: AuditRecord): Promise<void> };
  /** Different people a sender's flagged messages must reach within a day before the rules hold them. */
  holdAfterPeople: number;
}

type Person = { id: string; name: string; email: string | null };
const label = (person: Person) => `${person.name}${person.email ? ` (${person.email})` : ''}`;

/**
 * Senders held for review (issue 70). The rules hold one whose flagged messages reached `holdAfterPeople` different
 * people within a day; an admin may hold one from a report. While held, what they write in a conversation they had not
 * written in before waits, seen by them alone; an admin releases them (it is delivered) or removes the account. Every
 * hold and release is in the audit log, in its own transaction.
 */
export function createSenderHolds({ db, repo, messages, audit, holdAfterPeople }: Deps) {
  return {
    /** Whether a message the sender writes in this thread waits for review. */
    async waits(senderId: string, threadId: string): Promise<boolean> {
      return (await repo.isHeld(senderId)) && !(await messages.hasWritten(threadId, senderId));
    },

    /** After a flagged message: holds its sender once their flagged messages reached enough different people. */
    async afterFlagged(sender: Person): Promise<boolean> {
      const people = await repo.flaggedPeople(sender.id);
      if (people < holdAfterPeople) return false;
      return db.transaction(async (tx) => {
        const held = await repo.hold(tx, { userId: sender.id, heldBy: null, flaggedPeople: people });
        const reason = `Flagged by the scam rules in conversations with ${people} people within a day`;
        if (held) await audit.record(tx, { actor: { id: null, name: 'PhoneHaat' }, action: 'hold-sender', target: { type: 'user', id: sender.id, label: label(sender) }, reason });
        return held;
      });
    },

    /** An admin holds a person (from a flagged message's report). */
    async hold(admin: { id: string; name: string }, person: Person): Promise<void> {
      await db.transaction(async (tx) => {
        const people = await repo.flaggedPeople(person.id, tx);
        if (!(await repo.hold(tx, { userId: person.id, heldBy: admin.id, flaggedPeople: people }))) throw new DomainError('conflict', 'This person is held for review already');
        await audit.record(tx, { actor: admin, action: 'hold-sender', target: { type: 'user', id: person.id, label: label(person) } });
      });
    },

    /** An admin releases a person: their waiting messages are delivered (answered for the live stream). */
    async release(admin: { id: string; name: string }, person: Person): Promise<Delivered[]> {
      return db.transaction(async (tx) => {
        if (!(await repo.release(tx, person.id, admin.id))) throw new DomainError('not-found', 'This person is not held for review');
        const delivered = await messages.releaseHeld(tx, person.id);
        await audit.record(tx, { actor: admin, action: 'release-sender', target: { type: 'user', id: person.id, label: label(person) }, reason: `${delivered.length} waiting messages delivered` });
        return delivered;
      });
    },

    list: repo.list,
    heldAmong: repo.heldAmong,
  };
}
export type SenderHolds = ReturnType<typeof createSenderHolds>;
