// A device check's report as it is read (issue 68): on the phone's page step by step, on its card as counts; and the
// row as PhoneHaat signed it, so what is shown is what the signature holds (a row altered since is not "tested").
import { REPORT_FRESH_DAYS, type DeviceReport, type TestedSummary } from '@phonehaat/shared-api';
import type { DeviceReportRow } from '../repositories/device-checks.ts';
import type { ReportSigner } from './signing.ts';

/** What is signed: the report as kept, every field a reader relies on. */
export const signedPart = (row: Omit<DeviceReportRow, 'keyId' | 'signature'>) => ({
  id: row.id,
  checkId: row.checkId,
  purpose: row.purpose,
  productId: row.productId,
  bookingId: row.bookingId,
  steps: row.steps,
  facts: row.facts,
  imeiMatches: row.imeiMatches,
  lockOff: row.lockOff,
  seconds: row.seconds,
  listingDescribedAt: row.listingDescribedAt.toISOString(),
  comparedTo: row.comparedTo,
  comparison: row.comparison,
  createdAt: row.createdAt.toISOString(),
});

/** A report row as PostgreSQL's to_jsonb gives it (a listing's query brings its newest report so). */
export interface StoredReport {
  id: string;
  check_id: string;
  purpose: 'listing' | 'handover';
  product_id: string;
  booking_id: string | null;
  steps: DeviceReportRow['steps'];
  facts: DeviceReportRow['facts'];
  imei_matches: boolean | null;
  lock_off: boolean;
  seconds: number;
  listing_described_at: string;
  compared_to: string | null;
  comparison: DeviceReportRow['comparison'];
  key_id: string;
  signature: string;
  created_at: string;
}

export const fromStored = (stored: StoredReport): DeviceReportRow => ({
  id: stored.id,
  checkId: stored.check_id,
  purpose: stored.purpose,
  productId: stored.product_id,
  bookingId: stored.booking_id,
  steps: stored.steps,
  facts: stored.facts,
  imeiMatches: stored.imei_matches,
  lockOff: stored.lock_off,
  seconds: stored.seconds,
  listingDescribedAt: new Date(stored.listing_described_at),
  comparedTo: stored.compared_to,
  comparison: stored.comparison,
  keyId: stored.key_id,
  signature: stored.signature,
  createdAt: new Date(stored.created_at),
});

/** A listing's newest report as its card says it (only a report whose signature holds), for the repositories that build cards. */
export type SummarizeReport = (stored: StoredReport | null | undefined, describedAt: Date) => TestedSummary | null;

export function createReportViews(signer: ReportSigner, now: () => Date = () => new Date()) {
  const isOld = (row: DeviceReportRow, describedAt: Date) => row.createdAt.getTime() < now().getTime() - REPORT_FRESH_DAYS * 86_400_000 || describedAt.getTime() > row.listingDescribedAt.getTime();
  const signed = (row: DeviceReportRow) => signer.verify(signedPart(row), row.keyId, row.signature);
  return {
    signed,
    /** The phone's page: each step's outcome, whether it is old, whether the signature holds. */
    view(row: DeviceReportRow, describedAt: Date): DeviceReport {
      return {
        _id: row.id,
        testedAt: row.createdAt.toISOString(),
        steps: row.steps.map(({ step, outcome }) => ({ step, outcome })),
        model: row.facts.model,
        lockOff: row.lockOff,
        old: isOld(row, describedAt),
        signed: signed(row),
      };
    },
    /** A card: "Tested on this phone" and its counts, only for a report whose signature holds. */
    summary(stored: StoredReport | null | undefined, describedAt: Date): TestedSummary | null {
      if (!stored) return null;
      const row = fromStored(stored);
      if (!signed(row)) return null;
      const count = (outcome: string) => row.steps.filter((step) => step.outcome === outcome).length;
      return { at: row.createdAt.toISOString(), passed: count('passed'), failed: count('failed'), untested: count('untested'), old: isOld(row, describedAt) };
    },
  };
}
export type ReportViews = ReturnType<typeof createReportViews>;
