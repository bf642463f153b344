import { startFakePush } from './server.js';

const port = Number(process.env.FAKE_PUSH_PORT || 4140);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`fake push: bad environment:\n  FAKE_PUSH_PORT must be a port number, not '${process.env.FAKE_PUSH_PORT}'`);
  process.exit(1);
}
const push = await startFakePush({ port, host: process.env.FAKE_PUSH_HOST || '127.0.0.1', logger: (message) => console.error(message) });
console.log(`fake push service listening on ${push.url} (pushes received at ${push.url}/__fake/pushes)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void push.close().then(() => process.exit(0)));
}
