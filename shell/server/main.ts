// The shell's server: its build as static files, and a visitor's first page composed on the server (compose.ts).
// tsx shell/server/main.ts <dist> <port>
import { serve } from '@phonehaat/serve';
import { createComposer } from './compose';

const [dist = 'dist', port = '4200'] = process.argv.slice(2);
const { url, close } = await serve({
  root: dist,
  port: Number(port),
  host: process.env.HOST ?? '127.0.0.1',
  spa: true,
  page: createComposer({ dist }),
});
console.log(`shell server on ${url}`);
const stop = () => void close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
