// `pnpm start` (production builds) and `pnpm dev` (hot reload): the whole product on this machine,
// with no internet and no accounts. Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import { playDemo } from './demo.js';
import { launch } from './launch.js';
import { demoAccounts, demoPassword, publicEnvFor, restartCommand, root, stackPorts, stackServices } from './services.js';

const dev = process.argv.includes('--dev');
const skipBuild = process.argv.includes('--no-build');

function build(): Promise<void> {
  console.log('Building the shell and the remotes (production)…');
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['--filter', './shell', '--filter', './mfe-*', '--workspace-concurrency=2', 'run', 'build'], {
      cwd: root,
      env: { ...process.env, ...publicEnvFor() },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the build failed (exit ${code})`))));
  });
}

try {
  if (!dev && !skipBuild) await build();
  const stack = await launch(stackServices({ dev, persistEmulator: true }));
  const shutdown = async (code: number) => {
    await stack.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  // As docker compose does: one service stopping leaves the others running, and says how to bring it back.
  stack.onStopped((service, how) => {
    console.error(
      `\n\x1b[1m${service.name} stopped (${how}); the other services keep running.\x1b[0m Start it again in another terminal with:\n  ${restartCommand(service)}\n` +
        'or stop everything with Ctrl-C and run `pnpm start` again.\n',
    );
  });
  const ports = stackPorts();
  // The demo's history (sales, ratings, a conversation, a saved search), once: it needs the whole stack running.
  await playDemo({ apiUrl: publicEnvFor().PUBLIC_API_URL, emulatorHost: `127.0.0.1:${ports.auth}`, stripeUrl: `http://127.0.0.1:${ports.stripe}`, password: demoPassword }).catch((error: Error) =>
    console.warn(`The demo's history could not be played (${error.message}); the product works without it.`),
  );
  console.log(`
\x1b[1mPhoneHaat is running${dev ? ' (dev, hot reload)' : ''}: http://localhost:${ports.shell}\x1b[0m
  API http://localhost:${ports.api} (docs at /docs) · Auth emulator 127.0.0.1:${ports.auth} · fake Stripe 127.0.0.1:${ports.stripe} · local bKash http://127.0.0.1:${ports.bkash} · local Pathao courier http://127.0.0.1:${ports.pathao} · local push service http://127.0.0.1:${ports.push}
  E-mails the app sends: http://localhost:${ports.mailWeb} (maildev catches them all; nothing leaves this machine)
  ${
    dev
      ? `Remotes (Vite): storefront ${ports.storefront}, buyer ${ports.buyer}, seller ${ports.seller}, admin ${ports.admin}, inbox ${ports.inbox}`
      : `Remotes: released and live through the deployer http://127.0.0.1:${ports.deployer} (try \`pnpm slice status\`)`
  }
  Demo accounts (password ${demoPassword}): ${demoAccounts.map(([email, role]) => `${email} (${role})`).join(', ')}
  Test card: 4242 4242 4242 4242, any future date, any CVC. Test bKash wallet: 01770618575, code 123456, PIN 12121
  (01823074817 lacks balance). Press Ctrl-C to stop.
`);
} catch (error) {
  console.error(`\nPhoneHaat could not start: ${(error as Error).message}`);
  process.exit(1);
}
