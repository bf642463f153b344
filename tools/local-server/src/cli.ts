// How every local stand-in starts from the command line (pnpm start, the e2e stack, the compose stack): its port and
// host from FAKE_<NAME>_PORT and FAKE_<NAME>_HOST (a bad port said in one line, exit 1), its log on stderr, one line
// saying where it listens, and a clean close on SIGINT or SIGTERM.
export interface Started {
  url: string;
  close(): Promise<void>;
}

export interface Cli<T extends Started> {
  /** As people read it ("fake bKash"). */
  name: string;
  /** The environment's prefix: FAKE_BKASH → FAKE_BKASH_PORT, FAKE_BKASH_HOST, and whatever `start` reads. */
  prefix: string;
  defaultPort: number;
  start(options: { port: number; host: string; logger: (message: string) => void; env: (suffix: string) => string | undefined }): Promise<T>;
  /** What follows "listening on <url>" (the API's base, a tester's page). */
  also?: (started: T) => string;
}

export async function runCli<T extends Started>({ name, prefix, defaultPort, start, also }: Cli<T>): Promise<T> {
  const env = (suffix: string) => process.env[`${prefix}_${suffix}`] || undefined;
  const port = Number(env('PORT') ?? defaultPort);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`${name}: bad environment:\n  ${prefix}_PORT must be a port number, not '${env('PORT')}'`);
    process.exit(1);
  }
  const started = await start({ port, host: env('HOST') ?? '127.0.0.1', logger: (message) => console.error(message), env });
  console.log(`${name} listening on ${started.url}${also ? ` ${also(started)}` : ''}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void started.close().then(() => process.exit(0)));
  }
  return started;
}
