// pnpm --filter api bench:scams (and the last part of `bench`) — issue 70: the scam rules on the labelled set kept in
// the tests (test/support/scam-messages.ts): recall on the scams and false alarms on ordinary talk, per kind and per
// language (targets: recall ≥ 90%, false alarms ≤ 2%), and what checking a message adds to sending it (p99 ≤ 1 ms:
// every labelled message checked 200 times, one at a time). In process, no network. Appends its table to BENCHMARKS.md.
import { createScamCheck, SCAM_KINDS } from '../src/modules/trust/index.ts';
import { LABELLED, type Labelled } from '../test/support/scam-messages.ts';
import { writeSection } from './section.js';

const ROUNDS = Number(process.env.BENCH_SCAM_ROUNDS ?? 200);
const check = createScamCheck(['phonehaat.com', 'localhost']);
const flagged = (one: Labelled) => check(one.text, { booked: one.booked ?? false });
const percent = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : '—');

const scams = LABELLED.filter((one) => one.kind !== null);
const talk = LABELLED.filter((one) => one.kind === null);
const rows: string[] = [];
for (const kind of SCAM_KINDS) {
  const ofKind = scams.filter((one) => one.kind === kind);
  rows.push(`| ${kind} | all | ${ofKind.length} | ${percent(ofKind.filter((one) => flagged(one).includes(kind)).length, ofKind.length)} | |`);
}
for (const language of ['bn', 'en', 'banglish'] as const) {
  const ofLanguage = scams.filter((one) => one.language === language);
  const ordinary = talk.filter((one) => one.language === language);
  rows.push(
    `| all scams | ${language} | ${ofLanguage.length} + ${ordinary.length} ordinary | ${percent(ofLanguage.filter((one) => flagged(one).length > 0).length, ofLanguage.length)} | ${percent(ordinary.filter((one) => flagged(one).length > 0).length, ordinary.length)} |`,
  );
}
rows.push(`| **all** | **all** | **${scams.length} + ${talk.length} ordinary** | **${percent(scams.filter((one) => flagged(one).length > 0).length, scams.length)}** | **${percent(talk.filter((one) => flagged(one).length > 0).length, talk.length)}** |`);

// The time a check takes, each message alone (what a send waits for).
const times: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const one of LABELLED) {
    const started = process.hrtime.bigint();
    flagged(one);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(3);

const table = [
  '## Scam warnings (issue 70)',
  '',
  `The rules of \`src/modules/trust/scams/\` on the ${LABELLED.length} labelled messages of \`test/support/scam-messages.ts\` (\`pnpm --filter api bench:scams\`, ${new Date().toISOString().slice(0, 10)}). Recall: the scams flagged (of their kind, for a kind's row); false alarms: the ordinary messages flagged.`,
  '',
  '| kind | language | messages | recall | false alarms |',
  '|---|---|---:|---:|---:|',
  ...rows,
  '',
  `Checking one message (${times.length.toLocaleString('en')} checks): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${times.at(-1)!.toFixed(3)} ms (target p99 ≤ 1 ms).`,
  '',
].join('\n');
console.log(table);
writeSection('## Scam warnings (issue 70)', table);
