// The slice tools' environment, parsed once: where releases are stored, where the deployer is, who is asking.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '@phonehaat/stack';
import { z } from 'zod';
import { RemoteName, remoteNames } from '@phonehaat/shared-api/releases';
import { createFileStore, createS3Store, type ReleaseStore } from './store.js';
import { defaultJudgeSettings, type JudgeSettings } from './judge.js';

/** The API's development reader token (api/src/config/env.ts); production sets its own on both sides. */
const DEV_RUM_TOKEN = 'phonehaat-development-rum-reader';

const Env = z.object({
  /** The deployer's state, its local tokens and (without a bucket) the releases. */
  SLICE_DATA_DIR: z.string().default(join(root, '.data/slices')),
  DEPLOYER_PORT: z.coerce.number().int().min(1).max(65535).default(4300),
  DEPLOYER_HOST: z.string().default('127.0.0.1'),
  /** Where the CLI finds the deployer. */
  SLICE_DEPLOYER_URL: z.url().optional(),
  /** Where browsers fetch releases from (the CDN in front of the bucket); default: the deployer serves them. */
  SLICE_PUBLIC_URL: z.url().optional(),
  /** The live shell's federation.json: a URL or a file. */
  SLICE_SHELL_FACTS: z.string().default(join(root, 'shell/dist/federation.json')),
  /** "storefront=<token>,seller=<token>": one token per team. Unset: generated into SLICE_DATA_DIR/tokens.json. */
  DEPLOYER_TOKENS: z.string().optional(),
  /** The CLI's team token. Unset: the local deployer's token for the remote, from SLICE_DATA_DIR/tokens.json. */
  SLICE_TOKEN: z.string().optional(),
  /** Shown in the history as who promoted. */
  SLICE_ACTOR: z.string().optional(),
  /** The API whose real-user measurements --auto canaries are judged on (GET /rum/releases), and its reader token. */
  SLICE_RUM_URL: z.url().default('http://127.0.0.1:4100'),
  SLICE_RUM_TOKEN: z.string().min(16).default(DEV_RUM_TOKEN),
  /** How often the deployer judges --auto canaries. */
  SLICE_AUTO_INTERVAL_MS: z.coerce.number().int().min(100).default(10_000),
  /** The judgment's settings (judge.ts): views each side needs, how long a healthy canary runs, the test's level… */
  SLICE_AUTO_MIN_VIEWS: z.coerce.number().int().min(1).default(defaultJudgeSettings.minViews),
  SLICE_AUTO_HEALTHY_MS: z.coerce.number().int().min(0).default(defaultJudgeSettings.healthyMs),
  SLICE_AUTO_ALPHA: z.coerce.number().gt(0).lt(0.5).default(defaultJudgeSettings.alpha),
  SLICE_AUTO_MIN_ERROR_INCREASE: z.coerce.number().min(0).max(1).default(defaultJudgeSettings.minErrorRateIncrease),
  SLICE_AUTO_LATENCY_RATIO: z.coerce.number().min(1).default(defaultJudgeSettings.latencyRatio),
  SLICE_S3_BUCKET: z.string().optional(),
  SLICE_S3_PREFIX: z.string().default('releases'),
  SLICE_S3_ENDPOINT: z.url().optional(),
  SLICE_S3_REGION: z.string().default('us-east-1'),
  SLICE_S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
});
export type SliceEnv = z.infer<typeof Env>;

export function sliceEnv(env: Record<string, string | undefined> = process.env): SliceEnv {
  const parsed = Env.safeParse(env);
  if (!parsed.success) throw new Error(`bad slice settings: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  return parsed.data;
}

export const judgeSettingsOf = (env: SliceEnv): JudgeSettings => ({
  ...defaultJudgeSettings,
  minViews: env.SLICE_AUTO_MIN_VIEWS,
  healthyMs: env.SLICE_AUTO_HEALTHY_MS,
  alpha: env.SLICE_AUTO_ALPHA,
  minErrorRateIncrease: env.SLICE_AUTO_MIN_ERROR_INCREASE,
  latencyRatio: env.SLICE_AUTO_LATENCY_RATIO,
});

export const deployerUrl = (env: SliceEnv) => env.SLICE_DEPLOYER_URL ?? `http://127.0.0.1:${env.DEPLOYER_PORT}`;

/** The release store: the bucket when SLICE_S3_BUCKET is set, else a folder. */
export function releaseStore(env: SliceEnv): ReleaseStore {
  if (!env.SLICE_S3_BUCKET) return createFileStore(join(env.SLICE_DATA_DIR, 'releases'));
  return createS3Store({
    bucket: env.SLICE_S3_BUCKET,
    prefix: env.SLICE_S3_PREFIX,
    endpoint: env.SLICE_S3_ENDPOINT,
    region: env.SLICE_S3_REGION,
    forcePathStyle: env.SLICE_S3_FORCE_PATH_STYLE === 'true',
    ...(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY ? { credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY } } : {}),
  });
}

const tokensFile = (env: SliceEnv) => join(env.SLICE_DATA_DIR, 'tokens.json');

/** The deployer's tokens: from DEPLOYER_TOKENS, or the local ones (made on first start, one per team). */
export function deployerTokens(env: SliceEnv): Map<string, RemoteName> {
  if (env.DEPLOYER_TOKENS) {
    return new Map(
      env.DEPLOYER_TOKENS.split(',').map((pair) => {
        const [remote, token] = pair.split('=');
        if (!token || token.length < 16) throw new Error('DEPLOYER_TOKENS is "<remote>=<token of at least 16 characters>,…"');
        return [token, RemoteName.parse(remote)];
      }),
    );
  }
  const file = tokensFile(env);
  const kept = existsSync(file) ? z.partialRecord(RemoteName, z.string()).parse(JSON.parse(readFileSync(file, 'utf8'))) : {};
  // A slice added to the list since (pnpm slice new) gets its team's token too; the others keep theirs.
  const local = Object.fromEntries(remoteNames.map((remote) => [remote, kept[remote] ?? randomBytes(24).toString('base64url')]));
  if (Object.keys(kept).length !== remoteNames.length) {
    mkdirSync(env.SLICE_DATA_DIR, { recursive: true });
    writeFileSync(file, `${JSON.stringify(local, null, 2)}\n`, { mode: 0o600 });
  }
  return new Map(Object.entries(local).map(([remote, token]) => [token, remote as RemoteName]));
}

/** The token the CLI sends for a remote: SLICE_TOKEN, else the local deployer's token for that team. */
export function cliToken(env: SliceEnv, remote: RemoteName): string | undefined {
  if (env.SLICE_TOKEN) return env.SLICE_TOKEN;
  if (!existsSync(tokensFile(env))) return undefined;
  return (JSON.parse(readFileSync(tokensFile(env), 'utf8')) as Record<string, string>)[remote];
}
