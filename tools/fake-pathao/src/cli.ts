import { runCli } from '@phonehaat/local-server';
import { DEV_WEBHOOK_SECRET, startFakePathao } from './server.js';

await runCli({
  name: 'fake Pathao',
  prefix: 'FAKE_PATHAO',
  defaultPort: 4130,
  start: ({ env, ...options }) => {
    const callbackUrl = env('CALLBACK_URL');
    return startFakePathao({ ...options, callback: callbackUrl ? { url: callbackUrl, secret: env('WEBHOOK_SECRET') ?? DEV_WEBHOOK_SECRET } : undefined });
  },
  also: (pathao) => `(the tester's page at ${pathao.url}/)`,
});
