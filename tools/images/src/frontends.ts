// The static files the shell's server, the deployer and the CDN's origin images hold: the shell and every remote built
// for the compose stack (their PUBLIC_* addresses are baked in at build time: the balancer on :8080, the shell's server
// on :4200, the releases on :8081). `pnpm images` builds them into each app's dist/, as `pnpm start` and the end-to-end
// build do with their own addresses.
import { buildApps } from '@phonehaat/stack';

/** What the browser is told at build time: where the compose stack's balancer and releases are. */
export const composePublicEnv = {
  PUBLIC_API_URL: 'http://localhost:8080',
  SHELL_PORT: '4200',
  // The stand-ins, published apart from `pnpm start`'s and the tests' own ports (deploy/compose/compose.yaml).
  PUBLIC_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9299',
  PUBLIC_FAKE_STRIPE_URL: 'http://127.0.0.1:4310',
};

/** `typecheck`: false where README's test command has just typechecked the same sources (the images test, its build). */
export function buildFrontends({ typecheck = !process.env.VITEST }: { typecheck?: boolean } = {}): void {
  // Not a test's environment (vitest's VITEST and NODE_ENV=test change what Vite builds): a production build's.
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(VITEST|NODE_ENV$|TEST$|MODE$)/.test(key))), ...composePublicEnv };
  if (buildApps(env, { stdio: ['ignore', 'ignore', 'inherit'], typecheck }) !== 0) throw new Error('the frontends did not build');
}
