// tsx tools/serve/src/cli.ts <dist> <port> [--spa] [--cors]
import { serve } from '@phonehaat/shell/serve';

const [root, port, ...flags] = process.argv.slice(2);
if (!root || !port) {
  console.error('usage: serve <dist> <port> [--spa] [--cors]');
  process.exit(2);
}
const { url, close } = await serve({ root, port: Number(port), host: process.env.HOST ?? '127.0.0.1', spa: flags.includes('--spa'), cors: flags.includes('--cors') });
console.log(`serving ${root} on ${url}`);
const stop = () => void close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
