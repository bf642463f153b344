// The compatibility gate: may this release run inside the live shell? Decided as Module Federation's own
// negotiation would at run time (a singleton's required range against the version the host provides), plus the one
// thing the runtime only finds out when a visitor opens the page: a module the shell's route table loads is missing.
import semver from 'semver';
import type { RemoteFacts, ShellFacts } from './contract.js';

/** Every reason the release cannot go live with this shell, each naming the package or module; empty when it can. */
export function incompatibilities(release: RemoteFacts, shell: ShellFacts): string[] {
  const problems: string[] = [];
  for (const [name, range] of Object.entries(release.requires)) {
    const provided = shell.provides[name];
    if (provided === undefined) {
      problems.push(`${name}: the release needs ${range}, and the live shell does not provide it`);
    } else if (!semver.validRange(range)) {
      problems.push(`${name}: the release asks for "${range}", which is not a semver range`);
    } else if (!semver.satisfies(provided, range, { includePrerelease: true })) {
      problems.push(`${name}: the release needs ${range}, the live shell provides ${provided}`);
    }
  }
  const exposed = new Set(release.exposes);
  for (const module of shell.loads[release.name] ?? []) {
    if (!exposed.has(module)) problems.push(`${module}: the live shell loads it from ${release.name}, and the release does not expose it`);
  }
  return problems;
}
