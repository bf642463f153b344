// A phone's check in its own browser (issue 68, decision 052): links made by the listing's seller (the listing's
// check) or the booking's buyer (the handover's), opened once on the phone within 15 minutes without signing in; the
// report recorded and signed by PhoneHaat; at the handover, the phone's facts compared with the listing's report.
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  CHECK_LINK_MINUTES,
  compareDevices,
  CHECK_STEPS,
  HANDOVER_STEPS,
  type CheckRecorded,
  type CheckReport,
  type CheckSession,
  type DeviceReport,
  type HandoverCheck,
  type StepResult,
} from '@phonehaat/shared-api';
import type { Db } from '../../../db/client.ts';
import { conflict, forbidden, gone, invalid, notFound, tooMany } from '../../../domain-error.ts';
import type { ImeiKey } from '../imei/imei-key.ts';
import type { CheckedListing, DeviceChecksRepository, DeviceReportRow } from '../repositories/device-checks.ts';
import type { ReportSigner } from './signing.ts';
import { fromStored, signedPart, type ReportViews, type StoredReport } from './views.ts';

/** Links a listing may have made in an hour, and a person may make in an hour (a seller with many phones checks each). */
export const LINKS_PER_LISTING_HOUR = 5;
export const LINKS_PER_PERSON_HOUR = 20;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const EXPIRED = 'This check link has expired: make a new one on PhoneHaat (each works for 15 minutes)';
const USED = 'This check link was used already: make a new one on PhoneHaat';
const RECORDED = "This check's report was recorded already: each link records one";

/**
 * What the browser sent, checked against what a step can find: a step passed must show what passing means (every
 * cell touched, a camera's picture, a sound heard), and the outcomes the API decides itself (the IMEI, the speaker's
 * digits) are decided here. Impossible results are refused, naming the step.
 */
function judgeSteps(steps: StepResult[], allowed: readonly string[], digits: string, imeiMatches: boolean | null): StepResult[] {
  return steps.map((step, index) => {
    const field = `steps.${index}`;
    if (!allowed.includes(step.step)) throw invalid(`The step "${step.step}" is not part of this check`, field);
    const impossible = () => invalid(`The ${step.step} step says it passed without what passing means`, field);
    switch (step.step) {
      case 'touch':
        if (step.outcome === 'passed' && (!step.touch || step.touch.touched !== step.touch.cells)) throw impossible();
        return step;
      case 'front-camera':
      case 'back-camera':
        if (step.outcome === 'passed' && (!step.camera || step.camera.width === 0 || step.camera.height === 0)) throw impossible();
        return step;
      case 'microphone':
        if (step.outcome === 'passed' && (!step.microphone || step.microphone.peak === 0)) throw impossible();
        return step;
      case 'speaker':
        return { ...step, outcome: step.speaker ? (step.speaker.typed === digits ? 'passed' : 'failed') : 'untested' };
      case 'imei':
        return { ...step, outcome: imeiMatches === null ? 'untested' : imeiMatches ? 'passed' : 'failed' };
      default:
        return step;
    }
  });
}

export interface DeviceCheckDeps {
  db: Db;
  repo: DeviceChecksRepository;
  imeiKey: ImeiKey;
  signer: ReportSigner;
  views: ReportViews;
  now?: () => Date;
}

export function createDeviceChecks({ db, repo, imeiKey, signer, views, now = () => new Date() }: DeviceCheckDeps) {
  /** A new link, within the limits: five an hour a listing, twenty an hour a person. */
  async function makeLink(purpose: 'listing' | 'handover', productId: string, createdBy: string, bookingId: string | null) {
    const at = now();
    const made = await repo.madeSince(productId, createdBy, new Date(at.getTime() - 3_600_000));
    if (made.listing >= LINKS_PER_LISTING_HOUR) throw tooMany(`${LINKS_PER_LISTING_HOUR} check links were made for this phone in the last hour: use the newest, or wait a while`, 600);
    if (made.person >= LINKS_PER_PERSON_HOUR) throw tooMany(`You made ${LINKS_PER_PERSON_HOUR} check links in the last hour: wait a while`, 600);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(at.getTime() + CHECK_LINK_MINUTES * 60_000);
    await repo.create({ tokenHash: hashOf(token), purpose, productId, bookingId, createdBy, speakerDigits: String(randomInt(0, 1000)).padStart(3, '0'), expiresAt });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  /** A link's check, still good (not used, not expired), with its listing. */
  async function openCheck(token: string) {
    const found = await repo.findByTokenHash(hashOf(token));
    if (!found) throw notFound('Check link');
    if (found.check.usedAt) throw gone(USED);
    if (found.check.expiresAt <= now()) throw gone(EXPIRED);
    if (found.listing.deletedAt) throw gone('This phone is no longer listed');
    return found;
  }

  const view = (row: DeviceReportRow, listing: Pick<CheckedListing, 'describedAt'>) => views.view(row, listing.describedAt);

  return {
    view,

    /** The seller's link to check one of their listings on sale (the caller's ownership is the route's). */
    startListingCheck: (sellerId: string, productId: string) => makeLink('listing', productId, sellerId, null),

    /** The buyer's link to check, at the handover, that the phone in their hand is the phone that was tested. */
    async startHandoverCheck(buyerId: string, bookingId: string) {
      const booking = await repo.bookingForHandover(bookingId);
      if (!booking) throw notFound('Booking');
      if (booking.buyerId !== buyerId) throw forbidden('Only the booking’s buyer checks the phone at the handover');
      if (!booking.held) throw conflict('This sale is not held: the phone was handed over, refunded, or never paid');
      if (booking.disputed) throw conflict('This sale is disputed: PhoneHaat’s team decides it');
      if (!(await repo.latestForListing(booking.productId))) throw conflict('This phone was never checked on PhoneHaat: there is no check to compare it with');
      return makeLink('handover', booking.productId, buyerId, bookingId);
    },

    /** What the page on the phone needs to run the check. */
    async session(token: string): Promise<CheckSession> {
      const { check, listing } = await openCheck(token);
      return {
        purpose: check.purpose,
        listing: { name: listing.name, img: listing.img },
        steps: [...(check.purpose === 'listing' ? CHECK_STEPS : HANDOVER_STEPS)],
        speakerDigits: check.speakerDigits,
        expiresAt: check.expiresAt.toISOString(),
      };
    },

    /** Records a check's report, once, signed: a listing's kept with the listing, a handover's compared with it. */
    async record(token: string, body: CheckReport): Promise<CheckRecorded> {
      const { check, listing } = await openCheck(token);
      const imeiMatches = body.imei === undefined || !listing.imeiHash ? null : imeiKey.keep(body.imei).hash === listing.imeiHash;
      const steps = judgeSteps(body.steps, check.purpose === 'listing' ? CHECK_STEPS : HANDOVER_STEPS, check.speakerDigits, imeiMatches);
      const tested = check.purpose === 'handover' ? await repo.latestForListing(listing.id) : undefined;
      if (check.purpose === 'handover' && !tested) throw conflict('This phone was never checked on PhoneHaat: there is no check to compare it with');
      const comparison = tested ? compareDevices(tested.facts, body.facts, imeiMatches) : null;
      const unsigned = {
        id: randomUUID(),
        checkId: check.id,
        purpose: check.purpose,
        productId: listing.id,
        bookingId: check.bookingId,
        steps,
        facts: body.facts,
        imeiMatches,
        lockOff: check.purpose === 'listing' && body.lockOff === true,
        seconds: Math.round(body.seconds),
        listingDescribedAt: listing.describedAt,
        comparedTo: tested?.id ?? null,
        comparison,
        createdAt: new Date(Math.floor(now().getTime() / 1000) * 1000),
      };
      const row: DeviceReportRow = { ...unsigned, ...signer.sign(signedPart(unsigned)) } as DeviceReportRow;
      const spent = await db.transaction(async (tx) => {
        if (!(await repo.spend(tx, check.id, now()))) return false;
        await repo.insertReport(tx, row);
        return true;
      });
      // Sent twice at once, or a replay of a link's report: one was recorded, this one is not.
      if (!spent) throw conflict(RECORDED);
      return check.purpose === 'listing' ? { purpose: 'listing', report: view(row, listing) } : { purpose: 'handover', comparison: comparison! };
    },

    /** A listing's newest report as its own query brought it (to_jsonb), as buyers read it. */
    viewStored: (stored: StoredReport | null, describedAt: Date): DeviceReport | null => (stored ? views.view(fromStored(stored), describedAt) : null),

    /** A listing's newest report as buyers read it, if it was ever checked. */
    async reportOf(listing: Pick<CheckedListing, 'id' | 'describedAt'>): Promise<DeviceReport | null> {
      const row = await repo.latestForListing(listing.id);
      return row ? view(row, listing) : null;
    },

    /** A booking's newest handover check, for its buyer: whether it is the phone that was tested (none yet: 404). */
    async handoverCheck(buyerId: string, bookingId: string): Promise<HandoverCheck> {
      const booking = await repo.bookingForHandover(bookingId);
      if (!booking || booking.buyerId !== buyerId) throw notFound('Booking');
      const check = await repo.latestForBooking(bookingId);
      if (!check?.comparison) throw notFound('Handover check');
      return { checkedAt: check.createdAt.toISOString(), comparison: check.comparison };
    },
  };
}
export type DeviceChecks = ReturnType<typeof createDeviceChecks>;
