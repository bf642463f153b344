// A benchmark's section of api/BENCHMARKS.md: replaced where its heading is (up to the next section), added at the end otherwise.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('../BENCHMARKS.md', import.meta.url));

/** `table` starts with `heading` (a `## ` line). */
export function writeSection(heading: string, table: string): void {
  const existing = readFileSync(file, 'utf8');
  const start = existing.indexOf(heading);
  const end = start < 0 ? -1 : existing.indexOf('\n## ', start + heading.length);
  writeFileSync(file, start < 0 ? `${existing.trimEnd()}\n\n${table}` : `${existing.slice(0, start)}${table}${end < 0 ? '' : existing.slice(end)}`);
}
