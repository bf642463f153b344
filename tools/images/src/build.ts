// pnpm images: PhoneHaat's OCI images, built offline with this machine's podman (no image registry is reachable): a
// Debian base made by mmdebstrap from the machine's own apt sources, Node 24 from npm's node@24 (the binary running
// this), and on them the API, the shell's server, the deployer, the static files' origin (the frontends built for the
// compose stack first), and the services the compose stack runs (PostgreSQL, Redis, HAProxy) from Debian's packages, and a laptop's local stand-ins for the outside services. Each image is non-root, has a health check and an init (tini) that passes SIGTERM on.
//   pnpm images [api|shell|deployer|static|postgres|redis|haproxy …]   (none named: all)
//   pnpm images --no-typecheck   (README's test command: its sources were typechecked just before; the images test then runs on these)
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '@phonehaat/stack';
import { containersConf, containerTools, type Tools } from './podman.ts';
import { buildFrontends } from './frontends.ts';
import { bundleApi, stageApi, stageDeployer, stageShell, stageStandins, stageStatic } from './stage.ts';

export const IMAGES = {
  base: 'localhost/phonehaat/base:bookworm',
  node: 'localhost/phonehaat/node:24',
  api: 'localhost/phonehaat/api:latest',
  postgres: 'localhost/phonehaat/postgres:15',
  redis: 'localhost/phonehaat/redis:7',
  haproxy: 'localhost/phonehaat/haproxy:2.6',
  shell: 'localhost/phonehaat/shell:latest',
  deployer: 'localhost/phonehaat/deployer:latest',
  static: 'localhost/phonehaat/static:latest',
  standins: 'localhost/phonehaat/standins:latest',
} as const;
export type ImageName = keyof typeof IMAGES;

const dataDir = join(root, '.data', 'images');
const recipes = join(root, 'deploy', 'images');

/** The machine's apt sources (deb822 or one-line), for mmdebstrap. */
function aptSources(): string {
  for (const file of ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list']) if (existsSync(file) && readFileSync(file, 'utf8').trim()) return file;
  throw new Error('no apt sources found (/etc/apt/sources.list.d/debian.sources or /etc/apt/sources.list)');
}

/** Debian bookworm's minimal base, with CA certificates and tini, made without any registry. */
function buildBase(tools: Tools) {
  mkdirSync(dataDir, { recursive: true });
  const tarball = join(dataDir, 'base.tar');
  tools.run('mmdebstrap', ['--quiet', '--variant=minbase', '--include=ca-certificates,tini', 'bookworm', tarball, aptSources()], { quiet: true });
  tools.run('podman', ['import', '--change', 'CMD ["/bin/bash"]', tarball, IMAGES.base], { quiet: true });
}

/** `podman build` of deploy/images/<name>.Containerfile in `context`, Docker format (it keeps HEALTHCHECK). */
function build(tools: Tools, name: ImageName, context: string) {
  tools.run('podman', ['build', '--quiet', '--format', 'docker', '--file', join(recipes, `${name}.Containerfile`), '--tag', IMAGES[name], context], { quiet: true });
}

function buildNode(tools: Tools) {
  const major = Number(process.versions.node.split('.')[0]);
  if (major !== 24) throw new Error(`the Node image takes the Node running this (Node ${process.versions.node}): run it with Node 24`);
  const context = join(dataDir, 'node');
  mkdirSync(context, { recursive: true });
  copyFileSync(process.execPath, join(context, 'node'));
  build(tools, 'node', context);
}

const builders: Record<Exclude<ImageName, 'base' | 'node'>, (tools: Tools) => void | Promise<void>> = {
  api: async (tools) => {
    const app = stageApi(tools, root, join(dataDir, 'api'));
    await bundleApi(join(app, 'api'));
    build(tools, 'api', join(app, '..'));
  },
  shell: (tools) => build(tools, 'shell', join(stageShell(tools, root, join(dataDir, 'shell')), '..')),
  deployer: async (tools) => build(tools, 'deployer', join(await stageDeployer(root, join(dataDir, 'deployer')), '..')),
  static: async (tools) => build(tools, 'static', await stageStatic(root, join(dataDir, 'static'))),
  standins: async (tools) => build(tools, 'standins', join(await stageStandins(tools, root, join(dataDir, 'standins')), '..')),
  postgres: (tools) => build(tools, 'postgres', recipes),
  redis: (tools) => build(tools, 'redis', recipes),
  haproxy: (tools) => build(tools, 'haproxy', recipes),
};

/** Builds the images asked for (all when none), the base and Node ones first where missing; the sizes, by image. */
export async function buildImages(names: ImageName[] = Object.keys(builders) as ImageName[], { typecheck }: { typecheck?: boolean } = {}): Promise<Record<string, string>> {
  const tools = containerTools(containersConf(dataDir));
  if (!tools.hasImage(IMAGES.base)) buildBase(tools);
  if (!tools.hasImage(IMAGES.node) || names.includes('node')) buildNode(tools);
  // The frontends built for the compose stack's addresses, once, for the three images that hold them: all three, so
  // the deployer's releases and the static origin's are the same versions of the same build.
  const frontends: ImageName[] = ['shell', 'deployer', 'static'];
  if (names.some((name) => frontends.includes(name))) {
    buildFrontends({ typecheck });
    names = [...new Set([...names, ...frontends])];
  }
  for (const name of names) if (name in builders) await builders[name as keyof typeof builders](tools);
  const sizes = tools.run('podman', ['images', '--format', '{{.Repository}}:{{.Tag}} {{.Size}}'], { quiet: true });
  return Object.fromEntries(
    sizes
      .split('\n')
      .filter((line) => line.startsWith('localhost/phonehaat/'))
      .map((line) => [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)] as [string, string]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
  const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('--')) as ImageName[];
  for (const name of asked) if (!(name in IMAGES)) throw new Error(`no image ${name}: ${Object.keys(IMAGES).join(', ')}`);
  const sizes = await buildImages(asked.length ? asked : undefined, flags.includes('--no-typecheck') ? { typecheck: false } : {});
  for (const [image, size] of Object.entries(sizes)) console.log(`${image.padEnd(42)} ${size}`);
  console.log(`images built in ${Math.round((Date.now() - started) / 1000)} s`);
}
