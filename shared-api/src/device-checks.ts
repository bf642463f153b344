import { z } from 'zod';
import { Id } from './common.ts';
import { Imei } from './imei.ts';

/**
 * The phone proves itself (issue 68): a check run in the phone's own browser, from a link its seller opens on it (no
 * sign-in there), its results and what the browser could read of the device kept with the listing and signed by
 * PhoneHaat; at the handover, a shorter check on the phone in the buyer's hand, its facts compared with the report's.
 */

/** How long a check's link opens the check, once. */
export const CHECK_LINK_MINUTES = 15;
/** A report older than this is shown as old. */
export const REPORT_FRESH_DAYS = 30;

/** The listing's check, one step a screen, in this order. */
export const CHECK_STEPS = ['touch', 'colours', 'front-camera', 'back-camera', 'microphone', 'speaker', 'vibration', 'tilt', 'charging', 'imei'] as const;
/** The handover's subset (about a minute): the screen's corners, the cameras, the IMEI. */
export const HANDOVER_STEPS = ['touch', 'front-camera', 'back-camera', 'imei'] as const;
export const CheckStep = z.enum(CHECK_STEPS);
export type CheckStep = z.infer<typeof CheckStep>;

/** What a step found: it worked, it did not, or it was not tested (skipped, or the browser cannot tell). */
export const StepOutcome = z.enum(['passed', 'failed', 'untested']);
export type StepOutcome = z.infer<typeof StepOutcome>;

const count = (max: number) => z.number().int().min(0).max(max);
/** The touch grid: how many of its cells were touched, of how many. */
const TouchDetail = z.object({ cells: count(400), touched: count(400) }).refine((grid) => grid.touched <= grid.cells && grid.cells > 0, { message: 'More cells touched than the grid has' });
/** A camera's largest picture, as the camera itself reports it (no picture leaves the phone). */
const CameraDetail = z.object({ width: count(20_000), height: count(20_000) });
/** The microphone's loudest level heard (0 silence, 1 full scale). */
const MicrophoneDetail = z.object({ peak: z.number().min(0).max(1) });
/** The three digits played, as the person typed them back (the API compares them with what it sent). */
const SpeakerDetail = z.object({ typed: z.string().regex(/^\d{3}$/, { message: 'Three digits' }) });
/** The largest tilt the motion sensors reported, in degrees. */
const TiltDetail = z.object({ degrees: z.number().min(0).max(360) });
/** Whether the browser's battery said it charged once plugged in (level 0 to 1). */
const ChargingDetail = z.object({ charging: z.boolean(), level: z.number().min(0).max(1) });

/** One step's result, with what the browser measured where the step measures something. */
export const StepResult = z.discriminatedUnion('step', [
  z.object({ step: z.literal('touch'), outcome: StepOutcome, touch: TouchDetail.optional() }),
  z.object({ step: z.literal('colours'), outcome: StepOutcome }),
  z.object({ step: z.literal('front-camera'), outcome: StepOutcome, camera: CameraDetail.optional() }),
  z.object({ step: z.literal('back-camera'), outcome: StepOutcome, camera: CameraDetail.optional() }),
  z.object({ step: z.literal('microphone'), outcome: StepOutcome, microphone: MicrophoneDetail.optional() }),
  z.object({ step: z.literal('speaker'), outcome: StepOutcome, speaker: SpeakerDetail.optional() }),
  z.object({ step: z.literal('vibration'), outcome: StepOutcome }),
  z.object({ step: z.literal('tilt'), outcome: StepOutcome, tilt: TiltDetail.optional() }),
  z.object({ step: z.literal('charging'), outcome: StepOutcome, charging: ChargingDetail.optional() }),
  // The IMEI is typed (from *#06#) and compared by the API: its outcome is the API's, whatever is sent.
  z.object({ step: z.literal('imei'), outcome: StepOutcome }),
]);
export type StepResult = z.infer<typeof StepResult>;

/** What the browser can read of the device: never the IMEI, the battery's health or a lock (decision 052). */
/** A lone UTF-16 surrogate: not text (no JSON store keeps it), so never what a browser names itself with. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const NOT_TEXT = 'What the browser said of the phone is not text: run the check again';
/** A name the browser gives (its model, system, graphics), as it gave it. */
const browserSaid = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !LONE_SURROGATE.test(value), NOT_TEXT)
    .nullable();

export const DeviceFacts = z.object({
  screen: z.object({ width: count(10_000), height: count(10_000), pixelRatio: z.number().min(0.5).max(8) }),
  /** The model where the browser gives it (Chromium's client hints), else null. */
  model: browserSaid(80),
  platform: browserSaid(40),
  touchPoints: count(32),
  /** The graphics renderer WebGL names, else null. */
  renderer: browserSaid(160),
  /** Each camera's largest picture, in the order the browser lists them. */
  cameras: z.array(z.object({ facing: z.enum(['user', 'environment', 'unknown']), width: count(20_000), height: count(20_000) })).max(8),
});
export type DeviceFacts = z.infer<typeof DeviceFacts>;

/** POST /addedproducts/:id/device-check and POST /bookings/:id/handover-check: a link to open on the phone itself. */
export const CheckLink = z.object({ token: z.string(), expiresAt: z.iso.datetime() });
export type CheckLink = z.infer<typeof CheckLink>;

/** GET /device-checks/:token: what the page on the phone needs to run the check (no sign-in: the token is the key). */
export const CheckSession = z.object({
  purpose: z.enum(['listing', 'handover']),
  listing: z.object({ name: z.string(), img: z.string() }),
  steps: z.array(CheckStep),
  /** The speaker's digits are played from these sounds, in this order (the answer stays with the API). */
  speakerDigits: z.string().regex(/^\d{3}$/),
  expiresAt: z.iso.datetime(),
});
export type CheckSession = z.infer<typeof CheckSession>;

export const CheckToken = z.object({ token: z.string().regex(/^[\w-]{32,64}$/, { message: 'This check link is not whole: open it again from PhoneHaat' }) });

/** POST /device-checks/:token/report: the steps, the device's facts and the IMEI typed; the lock is the seller's word. */
export const CheckReportBody = z
  .object({
    steps: z.array(StepResult).min(1).max(CHECK_STEPS.length),
    facts: DeviceFacts,
    imei: Imei.optional(),
    /** The seller's word that iCloud or Google's lock is off (a browser cannot see it); a listing's check only. */
    lockOff: z.boolean().optional(),
    /** How long the check took, in seconds (the two minutes are measured). */
    seconds: z.number().min(0).max(3600),
  })
  .refine((body) => new Set(body.steps.map((step) => step.step)).size === body.steps.length, { path: ['steps'], message: 'Each step once' });
export type CheckReportBody = z.input<typeof CheckReportBody>;
export type CheckReport = z.output<typeof CheckReportBody>;

/** A fact that differs between the phone tested and the phone at the handover. */
export const FactDifference = z.object({ fact: z.string(), tested: z.string(), now: z.string() });
export type FactDifference = z.infer<typeof FactDifference>;

/** The handover's answer: whether the phone in the buyer's hand is the phone that was tested, and what differs. */
export const HandoverComparison = z.object({ match: z.boolean(), imeiMatches: z.boolean().nullable(), differences: z.array(FactDifference) });
export type HandoverComparison = z.infer<typeof HandoverComparison>;

/** GET /bookings/:id/handover-check: the booking's newest handover check. */
export const HandoverCheck = z.object({ checkedAt: z.iso.datetime(), comparison: HandoverComparison });
export type HandoverCheck = z.infer<typeof HandoverCheck>;

/** What PhoneHaat signed: the report as kept, and by which of its keys (GET /device-checks/keys has the public ones). */
export const Signature = z.object({ keyId: z.string(), value: z.string() });

/** A listing's check as buyers read it: when, each step's outcome, and whether it is old. */
export const DeviceReport = z.object({
  _id: Id,
  testedAt: z.iso.datetime(),
  steps: z.array(z.object({ step: CheckStep, outcome: StepOutcome })),
  model: z.string().nullable(),
  /** The seller's word, not the check's: a browser cannot see the lock. */
  lockOff: z.boolean(),
  /** Older than 30 days, or from before the listing was last edited. */
  old: z.boolean(),
  /** PhoneHaat's signature over what it recorded, checked as the report is read. */
  signed: z.boolean(),
});
export type DeviceReport = z.infer<typeof DeviceReport>;

/** What a listing's card says of its check: "Tested on this phone", when, and how many steps passed, failed or could not be tested. */
export const TestedSummary = z.object({ at: z.iso.datetime(), passed: z.number().int(), failed: z.number().int(), untested: z.number().int(), old: z.boolean() });
export type TestedSummary = z.infer<typeof TestedSummary>;

/** POST /device-checks/:token/report's answer. */
export const CheckRecorded = z.object({ purpose: z.enum(['listing', 'handover']), report: DeviceReport.optional(), comparison: HandoverComparison.optional() });
export type CheckRecorded = z.infer<typeof CheckRecorded>;

/** GET /device-checks/keys: the public keys reports are signed with (Ed25519, as JWKs), the newest first. */
export const SigningKeys = z.object({ keys: z.array(z.object({ kid: z.string(), kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() })) });

/**
 * NEIR at every handover (issue 68): BTRC's register ties a handset to its owner's NID. The seller de-registers the
 * phone (*16161#) before it leaves; the buyer checks it (SMS "KYD <IMEI>" to 16002) and records the IMEI the check read.
 */
export const NeirRecord = z.object({
  seller: z.object({ at: z.iso.datetime() }).nullable(),
  buyer: z.object({ at: z.iso.datetime(), imeiLast4: z.string(), imeiMatches: z.boolean().nullable() }).nullable(),
});
export type NeirRecord = z.infer<typeof NeirRecord>;

/** POST /bookings/:id/neir: the seller's de-registration (no body), or the buyer's KYD check with the IMEI it read. */
export const NeirStepBody = z.object({ imei: Imei.optional() });
export type NeirStepBody = z.input<typeof NeirStepBody>;
