import { startFakeBkash } from './server.js';

const port = Number(process.env.FAKE_BKASH_PORT || 4120);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`fake bKash: bad environment:\n  FAKE_BKASH_PORT must be a port number, not '${process.env.FAKE_BKASH_PORT}'`);
  process.exit(1);
}
const bkash = await startFakeBkash({
  port,
  host: process.env.FAKE_BKASH_HOST || '127.0.0.1',
  logger: (message) => console.error(message),
  stateFile: process.env.FAKE_BKASH_STATE_FILE || undefined,
  publicUrl: process.env.FAKE_BKASH_PUBLIC_URL || undefined,
});
console.log(`fake bKash listening on ${bkash.url} (API base ${bkash.baseUrl})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void bkash.close().then(() => process.exit(0)));
}
