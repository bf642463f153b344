// The phone at the handover against the phone that was tested (issue 68): the API's rule, and what the check's page
// shows a person of their phone: each fact a browser can read, compared as it
// was read. A fact one side could not read (a model Safari does not give) is not held against either.
import type { DeviceFacts, FactDifference, HandoverComparison } from './device-checks.ts';

const screenOf = ({ screen }: DeviceFacts) => {
  // Held upright or turned: the same screen.
  const [short, long] = [screen.width, screen.height].sort((a, b) => a - b);
  return `${short} × ${long} @${screen.pixelRatio}x`;
};
const camerasOf = ({ cameras }: DeviceFacts) =>
  cameras
    .map((camera) => `${camera.facing} ${camera.width}×${camera.height}`)
    .sort()
    .join(', ') || 'none';

/** Each fact: its name (as the admin reads it) and how a device's facts say it, or null where it could not be read. */
const FACTS: [string, (facts: DeviceFacts) => string | null][] = [
  ['screen', screenOf],
  ['model', (facts) => facts.model || null],
  ['platform', (facts) => facts.platform || null],
  ['touch points', (facts) => String(facts.touchPoints)],
  ['graphics', (facts) => facts.renderer || null],
  ['cameras', (facts) => (facts.cameras.length ? camerasOf(facts) : null)],
];

/** The facts as the check's page shows a person their phone (each fact a browser could read). */
export const factsRead = (facts: DeviceFacts): { fact: string; value: string }[] =>
  FACTS.flatMap(([fact, read]) => {
    const value = read(facts);
    return value === null ? [] : [{ fact, value }];
  });

/** What differs, and whether the IMEI typed at the handover is the listing's (null: not typed). */
export function compareDevices(tested: DeviceFacts, now: DeviceFacts, imeiMatches: boolean | null): HandoverComparison {
  const differences: FactDifference[] = [];
  for (const [fact, read] of FACTS) {
    const before = read(tested);
    const after = read(now);
    if (before !== null && after !== null && before !== after) differences.push({ fact, tested: before, now: after });
  }
  if (imeiMatches === false) differences.push({ fact: 'IMEI', tested: "the listing's", now: 'another phone’s' });
  return { match: differences.length === 0 && imeiMatches !== false, imeiMatches, differences };
}
