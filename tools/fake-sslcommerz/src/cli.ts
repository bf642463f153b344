import { startFakeSslcommerz } from './server.js';

const port = Number(process.env.FAKE_SSLCOMMERZ_PORT || 4150);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`fake SSLCommerz: bad environment:\n  FAKE_SSLCOMMERZ_PORT must be a port number, not '${process.env.FAKE_SSLCOMMERZ_PORT}'`);
  process.exit(1);
}
const sslcommerz = await startFakeSslcommerz({
  port,
  host: process.env.FAKE_SSLCOMMERZ_HOST || '127.0.0.1',
  logger: (message) => console.error(message),
  publicUrl: process.env.FAKE_SSLCOMMERZ_PUBLIC_URL || undefined,
});
console.log(`fake SSLCommerz listening on ${sslcommerz.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void sslcommerz.close().then(() => process.exit(0)));
}
