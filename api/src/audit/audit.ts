import { count, desc } from 'drizzle-orm';
import type { AuditAction, AuditEntry } from '@phonehaat/shared-api';
import type { Db, Tx } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export interface AuditRecord {
  /** The admin who acted (id null: PhoneHaat's own rules, named); null for the command line. */
  actor: { id: string | null; name: string } | null;
  action: AuditAction;
  target: { type: 'user' | 'product' | 'thread' | 'imei' | 'review' | 'booking'; id: string; label: string };
  reason?: string | null;
}

/** The append-only log of admin actions (the table refuses updates and deletes itself, see 0004_trust.sql). */
export function createAuditRepository(db: Db) {
  return {
    /** Written in the caller's transaction, so an action and its row land together or not at all. */
    async record(tx: Tx | Db, { actor, action, target, reason = null }: AuditRecord): Promise<void> {
      await tx.insert(auditLog).values({
        actorId: actor?.id ?? null,
        actorName: actor?.name ?? 'command line',
        action,
        targetType: target.type,
        targetId: target.id,
        targetLabel: target.label,
        reason,
      });
    },

    async page(page: number, limit: number): Promise<{ entries: AuditEntry[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit).offset((page - 1) * limit),
        db.select({ total: count() }).from(auditLog),
      ]);
      return {
        entries: rows.map((row) => ({
          _id: String(row.id),
          actorName: row.actorName,
          action: row.action as AuditAction,
          targetType: row.targetType as AuditEntry['targetType'],
          targetId: row.targetId,
          targetLabel: row.targetLabel,
          reason: row.reason,
          createdAt: row.createdAt.toISOString(),
        })),
        total: Number(total?.total ?? 0),
      };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
