import { runCli } from '@phonehaat/local-server';
import { startFakePush } from './server.js';

await runCli({ name: 'fake push service', prefix: 'FAKE_PUSH', defaultPort: 4140, start: ({ env: _env, ...options }) => startFakePush(options), also: (push) => `(pushes received at ${push.url}/__fake/pushes)` });
