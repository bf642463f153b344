// Who and what a release comes from, for its record.
import { execFileSync } from 'node:child_process';
import { userInfo } from 'node:os';
import { root } from '@phonehaat/stack';

const git = (...args: string[]): string | undefined => {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined; // not a git checkout (a release made from an exported tree)
  }
};

/** The commit the build was made from, marked when the tree had changes not committed. */
export function gitCommit(): string {
  const commit = git('rev-parse', '--short=10', 'HEAD');
  if (!commit) return 'unknown';
  return git('status', '--porcelain', '--untracked-files=no') ? `${commit}+changes` : commit;
}

export function actorName(configured?: string): string {
  return configured ?? git('config', 'user.name') ?? userInfo().username;
}
