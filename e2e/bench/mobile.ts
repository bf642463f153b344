// pnpm bench:mobile — builds everything, starts the end-to-end stack, and runs Lighthouse (its default mobile
// profile: a mid-range phone on slow 4G, simulated) 3 times per page in Debian's Chromium, signed in where the page
// needs it. Writes the medians into README.md. A benchmark: it reports, and exits 0 however slow the machine.
import { launch } from '@phonehaat/stack';
import { demo } from '../fixtures';
import { apiUrl, services } from '../stack';
import { buildAll, median, writeReadmeSection } from './common';
import { measure, RUNS, type Goal, type Run, type Target } from './lighthouse';

const PUBLIC_GOAL: Goal = { score: 95, lcpMs: 1500, cls: 0.02, tbtMs: 100 };
const SIGNED_IN_GOAL: Goal = { lcpMs: 2500, cls: 0.02 };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function row(target: Target, runs: Run[]): string {
  const m = (pick: (run: Run) => number) => median(runs.map(pick));
  const [score, fcp, lcp, cls, tbt, js] = [m((r) => r.score), m((r) => r.fcpMs), m((r) => r.lcpMs), m((r) => r.cls), m((r) => r.tbtMs), m((r) => r.jsKb)];
  const { goal } = target;
  const met = (goal.score === undefined || score >= goal.score) && lcp <= goal.lcpMs && cls <= goal.cls && (goal.tbtMs === undefined || tbt <= goal.tbtMs);
  const goalText = [goal.score && `score ≥ ${goal.score}`, `LCP ≤ ${seconds(goal.lcpMs)}`, `CLS ≤ ${goal.cls}`, goal.tbtMs && `TBT ≤ ${goal.tbtMs} ms`].filter(Boolean).join(', ');
  return `| ${target.name} | ${score} | ${seconds(fcp)} | ${seconds(lcp)} | ${cls.toFixed(3)} | ${Math.round(tbt)} ms | ${js.toFixed(1)} KB | ${goalText} | ${met ? 'yes' : 'NO'} |`;
}

buildAll();
console.log('Starting the stack…');
const stack = await launch(services, { quiet: true });
try {
  const brands = (await (await fetch(`${apiUrl}/categories`)).json()) as { _id: string; name: string }[];
  const samsung = brands.find((brand) => brand.name === 'Samsung')!;
  const targets: Target[] = [
    { name: '`/` (visitor)', path: '/', goal: PUBLIC_GOAL },
    { name: '`/blog` (visitor)', path: '/blog', goal: PUBLIC_GOAL },
    { name: 'brand page `/products/:id` (buyer)', path: `/products/${samsung._id}`, account: demo.buyer, goal: SIGNED_IN_GOAL },
    { name: 'My Orders (buyer)', path: '/dashboard/myorders', account: demo.buyer, goal: SIGNED_IN_GOAL },
    { name: 'Add a product (seller)', path: '/dashboard/addproduct', account: demo.seller, goal: SIGNED_IN_GOAL },
    { name: 'All Sellers (admin)', path: '/dashboard/allsellers', account: demo.admin, goal: SIGNED_IN_GOAL },
  ];
  const rows: string[] = [];
  for (const target of targets) {
    console.log(`Lighthouse: ${target.name}…`);
    rows.push(row(target, await measure(target)));
  }
  const table = `Measured by \`pnpm bench:mobile\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse 13, its default mobile profile (simulated slow 4G,
4× CPU slowdown), Debian Chromium, against the production builds of the end-to-end stack; ${RUNS} runs per page, medians shown
(each column its own median). JS is the scripts' transfer size. This machine has 2 cores; the goals come from issue 13.

| page | score | FCP | LCP | CLS | TBT | JS | goal | meets goal |
|---|---:|---:|---:|---:|---:|---:|---|:---:|
${rows.join('\n')}
`;
  console.log(table);
  writeReadmeSection('bench:mobile', table);
} finally {
  await stack.stop();
}
