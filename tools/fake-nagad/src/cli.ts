import { runCli } from '@phonehaat/local-server';
import { startFakeNagad } from './server.js';

await runCli({ name: 'fake Nagad', prefix: 'FAKE_NAGAD', defaultPort: 4160, start: ({ env, ...options }) => startFakeNagad({ ...options, publicUrl: env('PUBLIC_URL'), stateFile: env('STATE_FILE') }) });
