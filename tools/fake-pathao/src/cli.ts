import { DEV_WEBHOOK_SECRET, startFakePathao } from './server.js';

const port = Number(process.env.FAKE_PATHAO_PORT || 4130);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`fake Pathao: bad environment:\n  FAKE_PATHAO_PORT must be a port number, not '${process.env.FAKE_PATHAO_PORT}'`);
  process.exit(1);
}
const callbackUrl = process.env.FAKE_PATHAO_CALLBACK_URL;
const pathao = await startFakePathao({
  port,
  host: process.env.FAKE_PATHAO_HOST || '127.0.0.1',
  logger: (message) => console.error(message),
  callback: callbackUrl ? { url: callbackUrl, secret: process.env.FAKE_PATHAO_WEBHOOK_SECRET || DEV_WEBHOOK_SECRET } : undefined,
});
console.log(`fake Pathao listening on ${pathao.url} (the tester's page at ${pathao.url}/)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void pathao.close().then(() => process.exit(0)));
}
