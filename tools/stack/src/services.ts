// The local deployment of PhoneHaat, described once: `pnpm start`, `pnpm dev` and the end-to-end
// tests all start these services with these commands and wait on these URLs.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEV_VAPID } from '@phonehaat/fake-push/vapid';
import { defaultRemotePorts, portVariable, remoteNames, remotePorts, type RemoteName } from '@phonehaat/shared-api/remotes';

export const root = fileURLToPath(new URL('../../../', import.meta.url));

const num = (value: string | undefined, fallback: number) => (value ? Number(value) : fallback);

export interface StackOptions {
  /** Vite dev servers and node --watch instead of production builds. */
  dev?: boolean;
  /** Where the embedded database lives (default api/.data/pglite). */
  dataDir?: string;
  /** Keep the Auth emulator's accounts across restarts (pnpm start); tests start empty. */
  persistEmulator?: boolean;
  /** Start from an empty database (the end-to-end tests). */
  freshData?: boolean;
  /** firebase.json to use (the tests use their own ports so they never meet a running `pnpm start`). */
  firebaseConfig?: string;
  /** Where the deployer keeps its releases, state and local tokens (default .data/slices). */
  sliceDataDir?: string;
  /** Where the local mail catcher keeps the e-mails it caught (default .data/mail). */
  mailDir?: string;
  /** Extra variables for the API. */
  apiEnv?: Record<string, string>;
  /** Extra variables for the deployer (how it judges --auto canaries, say). */
  deployerEnv?: Record<string, string>;
  env?: Record<string, string | undefined>;
}

export function stackPorts(env: Record<string, string | undefined> = process.env) {
  return {
    auth: num(env.AUTH_EMULATOR_PORT, 9099),
    stripe: num(env.FAKE_STRIPE_PORT, 4110),
    /** The local bKash: its Tokenized Checkout API and its payment page. */
    bkash: num(env.FAKE_BKASH_PORT, 4120),
    /** The local Pathao courier: its merchant API and the tester's page that moves parcels along. */
    pathao: num(env.FAKE_PATHAO_PORT, 4130),
    /** The local push service (Web Push, RFC 8030): where the browsers' subscriptions point, in place of Google's or Mozilla's. */
    push: num(env.FAKE_PUSH_PORT, 4140),
    /** The local SSLCommerz: its session, validation and refund APIs, and its hosted payment page. */
    sslcommerz: num(env.FAKE_SSLCOMMERZ_PORT, 4150),
    /** The local Nagad: its checkout, verify and refund APIs (RSA-sealed), and its approval page. */
    nagad: num(env.FAKE_NAGAD_PORT, 4160),
    api: num(env.API_PORT, 4100),
    shell: num(env.SHELL_PORT, 4200),
    ...remotePorts(env),
    deployer: num(env.DEPLOYER_PORT, 4300),
    /** The local mail catcher (maildev): its SMTP server, and its page and API for reading what it caught. */
    mailSmtp: num(env.MAIL_SMTP_PORT, 1025),
    mailWeb: num(env.MAIL_WEB_PORT, 1080),
  };
}

export const remotes = remoteNames;
export { defaultRemotePorts, portVariable, type RemoteName };

/** The browser-facing configuration every frontend is built with (tools/federation/public-env.ts). */
export function publicEnvFor(env: Record<string, string | undefined> = process.env) {
  const ports = stackPorts(env);
  return {
    PUBLIC_API_URL: env.PUBLIC_API_URL ?? `http://localhost:${ports.api}`,
    PUBLIC_FIREBASE_AUTH_EMULATOR_URL: env.PUBLIC_FIREBASE_AUTH_EMULATOR_URL ?? `http://127.0.0.1:${ports.auth}`,
    PUBLIC_FAKE_STRIPE_URL: env.PUBLIC_FAKE_STRIPE_URL ?? `http://127.0.0.1:${ports.stripe}`,
    SHELL_PORT: String(ports.shell),
    ...Object.fromEntries(remoteNames.map((name) => [portVariable(name), String(ports[name])])),
  };
}

/** Remotes that exist in this checkout (a team's slice not built yet shows the shell's "coming soon"). */
export const builtRemotes = (dev = false) =>
  remotes.filter((name) => existsSync(`${root}mfe-${name}/${dev ? 'vite.config.ts' : 'dist/remoteEntry.js'}`));

export interface Service {
  name: string;
  /** A shell command; servers are started with `exec` so signals reach them. */
  command: string;
  cwd: string;
  env: Record<string, string>;
  /** Answers 2xx (or any HTTP status below 500) once the service is ready. */
  url: string;
  port: number;
}

export function stackServices(options: StackOptions = {}): Service[] {
  const env = options.env ?? process.env;
  const ports = stackPorts(env);
  const pub = publicEnvFor(env);
  const dataDir = options.dataDir ?? env.DATA_DIR ?? `${root}api/.data/pglite`;
  const emulatorData = `${root}api/.data/emulator`;
  const persisted = options.persistEmulator && existsSync(`${emulatorData}/firebase-export-metadata.json`);
  // The API is TypeScript run by Node 24 itself (type stripping, decision 035); `--watch` reloads it in dev.
  const api = options.dev ? 'node --watch' : 'node';

  const apiEnv = {
    PORT: String(ports.api),
    PUBLIC_URL: pub.PUBLIC_API_URL,
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(ports.stripe),
    STRIPE_API_PROTOCOL: 'http',
    BKASH_BASE_URL: `http://127.0.0.1:${ports.bkash}/v1.2.0-beta`,
    PATHAO_BASE_URL: `http://127.0.0.1:${ports.pathao}`,
    SSLCOMMERZ_BASE_URL: `http://127.0.0.1:${ports.sslcommerz}`,
    // SSLCommerz posts its IPN here, and sends the buyer's browser back here (the API sends them on to WEB_URL).
    SSLCOMMERZ_CALLBACK_URL: `http://127.0.0.1:${ports.api}`,
    NAGAD_BASE_URL: `http://127.0.0.1:${ports.nagad}/remote-payment-gateway-1.0`,
    NAGAD_DISBURSE_BASE_URL: `http://127.0.0.1:${ports.nagad}`,
    // Web Push with the development key pair, to the local push service (and, from a real browser, Google's or Mozilla's).
    VAPID_PUBLIC_KEY: DEV_VAPID.publicKey,
    VAPID_PRIVATE_KEY: DEV_VAPID.privateKey,
    PUSH_SERVICES: `http://127.0.0.1:${ports.push},https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://web.push.apple.com,https://*.notify.windows.com`,
    CORS_ORIGINS: [ports.shell, ...remoteNames.map((name) => ports[name])]
      .flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`])
      .join(','),
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    // Every e-mail goes to the local mail catcher; its links lead to this stack's web app.
    SMTP_URL: `smtp://127.0.0.1:${ports.mailSmtp}`,
    WEB_URL: `http://localhost:${ports.shell}`,
    // Asked for its history, to mark promotions and rollbacks on the admin's Releases chart.
    DEPLOYER_URL: `http://127.0.0.1:${ports.deployer}`,
    ...options.apiEnv,
  };
  const mailDir = options.mailDir ?? `${root}.data/mail`;
  // The local Stripe's and bKash's payments, kept beside the database they match when it is kept (`pnpm start`): a
  // restarted stack can still refund or reconcile a sale the database remembers. A fresh stack keeps them in memory.
  const paymentsState = (name: string): Record<string, string> =>
    options.freshData ? {} : { [`FAKE_${name.toUpperCase()}_STATE_FILE`]: `${root}.data/payments/${name}.json` };

  const sliceDataDir = options.sliceDataDir ?? env.SLICE_DATA_DIR ?? `${root}.data/slices`;
  /** The deployer keeps the live manifest; it starts with each remote's current build released and promoted (issue 16). */
  const deployer: Service = {
    name: 'deployer',
    command:
`${options.freshData ? `rm -rf '${sliceDataDir}' && ` : ''}exec pnpm exec tsx src/deployer-main.ts --adopt-builds </dev/null`,
    cwd: `${root}tools/slice`,
    env: {
      DEPLOYER_PORT: String(ports.deployer),
      SLICE_DATA_DIR: sliceDataDir,
      SLICE_SHELL_FACTS: `${root}shell/dist/federation.json`,
      // --auto canaries are judged on the API's real-user measurements (issue 29).
      SLICE_RUM_URL: `http://127.0.0.1:${ports.api}`,
      ...options.deployerEnv,
    },
    url: `http://127.0.0.1:${ports.deployer}/health`,
    port: ports.deployer,
  };

  /** One of PhoneHaat's local stand-ins (tools/fake-<name>): its command line on its port, healthy at /health. */
  const fake = (name: string, port: number, env: Record<string, string> = {}): Service => ({
    name: `fake-${name}`,
    command: `exec pnpm exec tsx src/cli.ts </dev/null`,
    cwd: `${root}tools/fake-${name}`,
    env: { [`FAKE_${name.toUpperCase()}_PORT`]: String(port), ...env },
    url: `http://127.0.0.1:${port}/health`,
    port,
  });

  const frontend = (name: 'shell' | RemoteName): Service => {
    const dir = name === 'shell' ? 'shell' : `mfe-${name}`;
    const port = ports[name];
    return {
      name,
      command: options.dev
        ? `exec pnpm exec vite --configLoader runner --port ${port} --strictPort </dev/null`
        : name === 'shell'
          ? // The shell's server: its files, the live manifest per visitor, the first page composed (decisions 015, 016, 019).
            `exec pnpm exec tsx server/main.ts dist ${port} </dev/null`
          : `exec pnpm exec tsx ${root}tools/serve/src/cli.ts dist ${port} --cors </dev/null`,
      cwd: `${root}${dir}`,
      env: name === 'shell' && !options.dev ? { ...pub, DEPLOYER_URL: `http://127.0.0.1:${ports.deployer}` } : pub,
      url: `http://127.0.0.1:${port}/${name === 'shell' ? '' : 'remoteEntry.js'}`,
      port,
    };
  };

  return [
    {
      name: 'auth-emulator',
      command:
        `exec pnpm exec firebase emulators:start --only auth --project demo-phonehaat --config ${options.firebaseConfig ?? `${root}firebase.json`}` +
        (options.persistEmulator ? ` --export-on-exit ${emulatorData}${persisted ? ` --import ${emulatorData}` : ''}` : '') +
        ' </dev/null',
      cwd: `${root}api`,
      env: { FIREBASE_AUTH_EMULATOR_PORT: String(ports.auth) },
      url: `http://127.0.0.1:${ports.auth}/`,
      port: ports.auth,
    },
    {
      // maildev catches every e-mail the API sends (nothing leaves the machine) and shows them on a page of its own.
      name: 'mail',
      command:
        `${options.freshData ? `rm -rf '${mailDir}' && ` : ''}exec pnpm exec maildev --smtp ${ports.mailSmtp} --ip 127.0.0.1 ` +
        `--web ${ports.mailWeb} --web-ip 127.0.0.1 --mail-directory '${mailDir}' </dev/null`,
      cwd: `${root}tools/stack`,
      env: {},
      url: `http://127.0.0.1:${ports.mailWeb}/api/email`,
      port: ports.mailWeb,
    },
    {
      name: 'fake-stripe',
      command: `exec pnpm exec tsx src/cli.ts </dev/null`,
      cwd: `${root}tools/fake-stripe`,
      env: { FAKE_STRIPE_PORT: String(ports.stripe), FAKE_STRIPE_WEBHOOK_URL: `http://127.0.0.1:${ports.api}/webhooks/stripe`, ...paymentsState('stripe') },
      url: `http://127.0.0.1:${ports.stripe}/v1/health`,
      port: ports.stripe,
    },
    fake('bkash', ports.bkash, paymentsState('bkash')),
    fake('sslcommerz', ports.sslcommerz, paymentsState('sslcommerz')),
    fake('nagad', ports.nagad, paymentsState('nagad')),
    {
      name: 'fake-pathao',
      command: `exec pnpm exec tsx src/cli.ts </dev/null`,
      cwd: `${root}tools/fake-pathao`,
      // Integrated with the API's webhook address once the API answers, as a merchant does in Pathao's panel.
      env: { FAKE_PATHAO_PORT: String(ports.pathao), FAKE_PATHAO_CALLBACK_URL: `http://127.0.0.1:${ports.api}/webhooks/pathao` },
      url: `http://127.0.0.1:${ports.pathao}/health`,
      port: ports.pathao,
    },
    fake('push', ports.push),
    {
      name: 'api',
      // Seeding is idempotent: demo accounts and listings on the first start, nothing new after.
      command: `${options.freshData ? `rm -rf '${dataDir}' && ` : ''}node src/cli/seed.ts && exec ${api} src/server.ts </dev/null`,
      cwd: `${root}api`,
      env: apiEnv,
      url: `http://127.0.0.1:${ports.api}/health`,
      port: ports.api,
    },
    // Built remotes are served as releases by the deployer; in dev each remote runs its own Vite server.
    ...(options.dev ? builtRemotes(true).map(frontend) : [deployer]),
    frontend('shell'),
  ];
}

/** The shell command that starts a service again by itself, with its environment, from anywhere. */
export function restartCommand(service: Service): string {
  const quote = (value: string) => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`);
  const env = Object.entries(service.env).map(([key, value]) => `${key}=${quote(value)}`).join(' ');
  // Without `exec` and the stdin redirection, which only matter to the launcher.
  const command = service.command.replace(/(^|&& )exec /g, '$1').replace(/ <\/dev\/null$/, '');
  return `(cd ${quote(service.cwd)} && ${env ? `env ${env} ` : ''}sh -c ${quote(command)})`;
}

export const demoAccounts = [
  ['admin@phonehaat.test', 'admin'],
  ['seller@phonehaat.test', 'seller (verified)'],
  ['seller2@phonehaat.test', 'seller'],
  ['buyer@phonehaat.test', 'buyer'],
  ['buyer2@phonehaat.test', 'buyer'],
  ['buyer3@phonehaat.test', 'buyer'],
] as const;
export const demoPassword = 'phonehaat123';
