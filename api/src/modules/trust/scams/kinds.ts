import { ScamKind } from '@phonehaat/shared-api';

export type { ScamKind } from '@phonehaat/shared-api';
/** What a flagged message risks (issue 70, the contract's ScamKind), each with its own warning in the reader's language. */
export const SCAM_KINDS = ScamKind.options;

/** A rule: the kind of risk, and what a message says when it takes it (matched on the normalized text). */
export type ScamPattern = readonly [kind: ScamKind, pattern: RegExp];
