// The compatibility gate: may this release run inside the live shell? Decided as Module Federation's own
// negotiation would at run time (a singleton's required range against the version the host provides), plus the one
// thing the runtime only finds out when a visitor opens the page: a page the release publishes, and the shell routes to
// (issue 67), whose module it does not expose.
import semver from 'semver';
import type { CatalogCoverage, RemoteFacts, ShellFacts } from '@phonehaat/shared-api/releases';

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
  for (const module of release.pages ?? []) {
    if (!exposed.has(module)) problems.push(`${module}: the release publishes a page of it, and does not expose it`);
  }
  return [...problems, ...catalogProblems(release, shell.languages ?? ['en'])];
}

const listed = (keys: string[]) => (keys.length > 5 ? `${keys.slice(0, 5).join(', ')} and ${keys.length - 5} more` : keys.join(', '));

/**
 * Issue 25: the live shell offers its languages to everyone, so a release must have every word in each of them. At
 * run time a missing one would fall back to English; the gate refuses it instead, naming the language and the keys.
 */
function catalogProblems(release: RemoteFacts, languages: string[]): string[] {
  const { catalogs } = release;
  const problems: string[] = [];
  for (const language of languages) {
    if (!catalogs) {
      if (language !== 'en') problems.push(`${language}: the live shell offers it, and the release has no catalogs (built before the languages)`);
      continue;
    }
    const catalog = catalogs[language];
    if (!catalog) problems.push(`${language}: the live shell offers it, and the release has no ${language} catalog`);
    else if (catalog.missing.length) {
      problems.push(`${language}: the release's catalog lacks ${catalog.missing.length} of its ${catalog.messages} messages (${listed(catalog.missing)})`);
    }
  }
  return problems;
}

/** A release's catalogs in one line per language, as `pnpm slice release` prints them. */
export function coverageLines(catalogs: CatalogCoverage | undefined): string[] {
  if (!catalogs) return ['catalogs: none (English only)'];
  const englishFirst = Object.entries(catalogs).sort(([a], [b]) => Number(a !== 'en') - Number(b !== 'en') || a.localeCompare(b));
  return englishFirst.map(([language, { messages, missing }]) => {
    const have = messages - missing.length;
    const share = messages ? Math.floor((have / messages) * 1000) / 10 : 100;
    return `catalog ${language}: ${have}/${messages} messages (${share}%)${missing.length ? `, missing ${listed(missing)}` : ''}`;
  });
}
