import { runCli } from '@phonehaat/local-server';
import { startFakeSslcommerz } from './server.js';

await runCli({ name: 'fake SSLCommerz', prefix: 'FAKE_SSLCOMMERZ', defaultPort: 4150, start: ({ env, ...options }) => startFakeSslcommerz({ ...options, publicUrl: env('PUBLIC_URL'), stateFile: env('STATE_FILE') }) });
