// The stack the end-to-end tests run against: the same services as `pnpm start`, on their own
// ports and with an empty database, so a developer's running stack is never touched.
import { fileURLToPath } from 'node:url';
import { defaultRemotePorts, portVariable, publicEnvFor, remotes, stackPorts, stackServices, type RemoteName } from '@phonehaat/stack';

export const e2eEnv: Record<string, string> = {
  AUTH_EMULATOR_PORT: '9199',
  FAKE_STRIPE_PORT: '5110',
  FAKE_BKASH_PORT: '5120',
  FAKE_PATHAO_PORT: '5130',
  FAKE_PUSH_PORT: '5140',
  FAKE_SSLCOMMERZ_PORT: '5150',
  FAKE_NAGAD_PORT: '5160',
  API_PORT: '5100',
  SHELL_PORT: '5200',
  // Each remote a thousand above its own port (5201…).
  ...Object.fromEntries(remotes.map((name) => [portVariable(name), String(defaultRemotePorts[name] + 1000)])),
  DEPLOYER_PORT: '5300',
  MAIL_SMTP_PORT: '5125',
  MAIL_WEB_PORT: '5180',
};

export const ports = stackPorts(e2eEnv);
export const publicEnv = publicEnvFor(e2eEnv);
export const apiUrl = `http://127.0.0.1:${ports.api}`;
export const shellUrl = `http://localhost:${ports.shell}`;
export const emulatorHost = `127.0.0.1:${ports.auth}`;
export const dataDir = fileURLToPath(new URL('./.data/pglite', import.meta.url));
export const sliceDataDir = fileURLToPath(new URL('./.data/slices', import.meta.url));
export const mailDir = fileURLToPath(new URL('./.data/mail', import.meta.url));
/** The mail catcher's API: every e-mail the stack sent (GET /api/email). */
/** The local bKash (its page, its test switches at /__fake/switches). */
export const bkashUrl = `http://127.0.0.1:${ports.bkash}`;
/** The local SSLCommerz (its hosted page, its test switches at /__fake/switches). */
export const sslcommerzUrl = `http://127.0.0.1:${ports.sslcommerz}`;
/** The local Nagad (its approval page, its test switches at /__fake/switches). */
export const nagadUrl = `http://127.0.0.1:${ports.nagad}`;
/** The local Pathao courier (its tester's page, its parcels at /__fake/parcels). */
export const pathaoUrl = `http://127.0.0.1:${ports.pathao}`;
/** The local push service (the pushes it received, decrypted, at /__fake/pushes). */
export const pushUrl = `http://127.0.0.1:${ports.push}`;
export const mailUrl = `http://127.0.0.1:${ports.mailWeb}`;
/** The environment `pnpm slice` runs with against this stack (its deployer, its release store, its build ports). */
export const sliceEnv = { ...e2eEnv, ...publicEnv, SLICE_DATA_DIR: sliceDataDir };
export const deployerUrl = `http://127.0.0.1:${ports.deployer}`;
/** Where the browser fetches a remote's releases from (served by the deployer). */
export const releasesOf = (remote: RemoteName) => `http://localhost:${ports.deployer}/releases/${remote}/`;

/** How the e2e stack's deployer judges --auto canaries: views each side needs, and how long a healthy one runs. */
export const AUTO_MIN_VIEWS = 6;
export const AUTO_HEALTHY_MS = 20_000;

export const services = stackServices({
  env: e2eEnv,
  dataDir,
  freshData: true,
  sliceDataDir,
  mailDir,
  firebaseConfig: fileURLToPath(new URL('./firebase.json', import.meta.url)),
  // Every synthetic visitor comes from 127.0.0.1; their beacons are written within half a second.
  apiEnv: { AUTH_RATE_LIMIT_MAX: '1000', PHONE_SIGN_IN_RATE_LIMIT_MAX: '1000', RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'warn', JOB_POLL_SECONDS: '0.5', RUM_RATE_LIMIT_MAX: '100000', RUM_FLUSH_MS: '500', WALLET_SWEEP_SECONDS: '1', WALLET_SWEEP_AFTER_SECONDS: '2', HOLD_DAYS: '0.0007', RELEASE_SWEEP_SECONDS: '1', PAYOUT_RETRY_DELAY_SECONDS: '2', OFFER_ANSWER_HOURS: '0.01', OFFER_SWEEP_SECONDS: '1' },
  // --auto canaries judged every second, on a few views a side, and promoted after 20 s healthy (deploy.spec.ts). On
  // so few views a p75 moves by half between identical builds (a healthy canary measured 869 ms against 593 ms on 9 and
  // 6 samples, while the deployer gzipped its files for the first time): here only a p75 2.5× the live one's counts.
  deployerEnv: {
    SLICE_AUTO_INTERVAL_MS: '1000',
    SLICE_AUTO_MIN_VIEWS: String(AUTO_MIN_VIEWS),
    SLICE_AUTO_HEALTHY_MS: String(AUTO_HEALTHY_MS),
    SLICE_AUTO_LATENCY_RATIO: '2.5',
  },
});
