// Each server's stderr, kept in a file per server (Playwright shows a web server's output only with DEBUG), and a
// reporter that prints their ends when a run fails: a server that died mid-run says why in the CI log.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullResult, Reporter } from '@playwright/test/reporter';

export const serverLogsDir = fileURLToPath(new URL('./.data/logs', import.meta.url));
export const serverLogOf = (name: string) => join(serverLogsDir, `${name}.log`);

/** A service's command with its stderr written (afresh each run) to its log. */
export const loggingStderr = (name: string, command: string) => `mkdir -p '${serverLogsDir}' && ${command} 2>'${serverLogOf(name)}'`;

const TAIL_LINES = 30;

export default class ServerLogsReporter implements Reporter {
  constructor(private readonly options: { names?: string[] } = {}) {}

  printsToStdio() {
    return false;
  }

  onEnd(result: FullResult) {
    if (result.status === 'passed') return;
    for (const name of this.options.names ?? []) {
      const file = serverLogOf(name);
      if (!existsSync(file)) continue;
      const lines = readFileSync(file, 'utf8').trimEnd().split('\n').filter(Boolean);
      if (lines.length === 0) continue;
      console.log(`\n--- ${name}'s stderr, its last ${Math.min(TAIL_LINES, lines.length)} of ${lines.length} lines (${file}) ---`);
      console.log(lines.slice(-TAIL_LINES).join('\n'));
    }
  }
}
