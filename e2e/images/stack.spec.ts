// The compose stack's test (tools/images/src/stack.test.ts: three API replicas behind the balancer, the composed first
// page, a roll under load with nothing failed or lost, the chart's Deployment played by podman) on the images README's
// test command built in its unit stage. It runs here, beside the releasing journeys (one at a time, most of the machine
// idle), rather than alone at the unit stage's end (decision 048). Its own runner and output, streamed as it goes; a
// failure is its failure, with vitest's report.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { expect, test } from '@playwright/test';

const images = fileURLToPath(new URL('../../tools/images/', import.meta.url));

function vitest(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(`${images}node_modules/.bin/vitest`, ['run', file], {
      cwd: images,
      env: { ...process.env, IMAGES_PREBUILT: '1', IMAGES_STACK: '', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output: stripVTControlCharacters(output) }));
  });
}

test('the compose stack on the built images: replicas up, the first page composed, a roll without a failed request, the chart played', async () => {
  // Its own file's limits: the stack's start (five minutes at most) and its tests (about two minutes here).
  test.setTimeout(900_000);
  const { code, output } = await vitest('src/stack.test.ts');
  expect(code, output.slice(-20_000)).toBe(0);
  // It ran the stack's tests, not nothing.
  expect(output).toMatch(/Tests\s+\d+ passed/);
});
