import type { ScamKind, ScamPattern } from './kinds.ts';
import { isOwnHost, linkHosts } from './links.ts';
import { normalize } from './normalize.ts';
import { banglish } from './patterns/banglish.ts';
import { bn } from './patterns/bn.ts';
import { en } from './patterns/en.ts';

/** Every language's rules: a message is read by all of them, whatever its script. */
const RULES: readonly ScamPattern[] = [...en, ...bn, ...banglish];

/** PhoneHaat's own handover code is given to the seller at the meeting: asking for it is the handover, not a scam. */
const HANDOVER_CODE = /(handover|হাতবদল|হস্তান্তর)/;

export interface ScamContext {
  /** The conversation's phone is booked by its buyer: moving to another app is no longer a step off PhoneHaat's protection. */
  booked: boolean;
}

/**
 * The risks a message takes (issue 70, decision 053), in the order of SCAM_KINDS: rules per language on the text with
 * its dodges undone (normalize.ts), and links that are not PhoneHaat's (`ownHosts`: its own addresses' host names).
 */
export function createScamCheck(ownHosts: readonly string[]) {
  return function scamKinds(message: string, { booked }: ScamContext): ScamKind[] {
    const { joined } = normalize(message);
    const found = new Set<ScamKind>();
    for (const [kind, pattern] of RULES) {
      if (found.has(kind)) continue;
      if (kind === 'off-platform' && booked) continue;
      if (kind === 'code' && HANDOVER_CODE.test(joined)) continue;
      if (pattern.test(joined)) found.add(kind);
    }
    if (linkHosts(joined).some((host) => !isOwnHost(host, ownHosts))) found.add('link');
    return [...found];
  };
}
export type ScamCheck = ReturnType<typeof createScamCheck>;
