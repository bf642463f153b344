import { runCli } from '@phonehaat/local-server';
import { startFakeBkash } from './server.js';

await runCli({
  name: 'fake bKash',
  prefix: 'FAKE_BKASH',
  defaultPort: 4120,
  start: ({ env, ...options }) => startFakeBkash({ ...options, stateFile: env('STATE_FILE'), publicUrl: env('PUBLIC_URL') }),
  also: (bkash) => `(API base ${bkash.baseUrl})`,
});
