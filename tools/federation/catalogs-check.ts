/// <reference types="node" />
// What each package's catalog test checks (issue 25): every language has exactly English's keys, every message is
// valid ICU with the same placeholders as English's, and every key the code asks for (t('…')) is in English.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

type Messages = Record<string, string>;

type Compiled = ReturnType<typeof compileMessageOrThrow>;

/** The placeholders a message uses ({name}, {count, plural, …}), inside plural and select branches too. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const visit = (compiled: Compiled) => {
    for (const token of compiled) {
      if (typeof token === 'string') continue;
      const [name, , format] = token;
      names.add(name);
      if (format && typeof format === 'object') {
        for (const [choice, branch] of Object.entries(format)) if (choice !== 'offset' && Array.isArray(branch)) visit(branch as Compiled);
      }
    }
  };
  try {
    visit(compileMessageOrThrow(message));
  } catch {
    // reported as invalid
  }
  return [...names].sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' || name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every `locales` folder under a package's src: its main catalog and those of features loaded with their pages. */
export function localesFolders(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (!statSync(path).isDirectory() || name === 'node_modules') return [];
      return name === 'locales' ? [path] : walk(path);
    });
  return walk(join(root, 'src'));
}

const readCatalogs = (dir: string): Record<string, Messages> =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [basename(file, '.json'), JSON.parse(readFileSync(join(dir, file), 'utf8')) as Messages]),
  );

/** One folder's problems: every language has exactly English's keys, valid messages, English's placeholders. */
function folderProblems(root: string, dir: string): { problems: string[]; english: Messages } {
  const catalogs = readCatalogs(dir);
  const english = catalogs.en;
  const where = relative(join(root, 'src'), dir) === 'locales' ? '' : `${relative(root, dir)}: `;
  if (!english) return { problems: [`${relative(root, dir)} has no en.json`], english: {} };
  const problems: string[] = [];
  for (const [language, messages] of Object.entries(catalogs)) {
    for (const key of Object.keys(english)) if (!(key in messages)) problems.push(`${where}${language}: "${key}" is missing`);
    for (const [key, message] of Object.entries(messages)) {
      if (!(key in english)) problems.push(`${where}${language}: "${key}" is not in English`);
      try {
        compileMessageOrThrow(message);
      } catch (error) {
        problems.push(`${where}${language}: "${key}" is not a valid message: ${(error as Error).message}`);
      }
      if (key in english && placeholders(message).join() !== placeholders(english[key]!).join()) {
        problems.push(`${where}${language}: "${key}" uses {${placeholders(message).join('}, {')}}, English {${placeholders(english[key]!).join('}, {')}}`);
      }
    }
  }
  return { problems, english };
}

/**
 * The package's catalog problems, one line each (none: all is well), in each of its catalogs; a key the code asks for
 * must be in one of them (which one is checked by the types: each catalog types its own `t`).
 */
export function catalogProblems(root: string): string[] {
  const folders = localesFolders(root);
  if (folders.length === 0) return ['src/locales has no en.json'];
  const problems: string[] = [];
  const known = new Set<string>();
  for (const dir of folders) {
    const checked = folderProblems(root, dir);
    problems.push(...checked.problems);
    Object.keys(checked.english).forEach((key) => known.add(key));
  }
  for (const file of sourceFiles(join(root, 'src'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*['"]([\w.-]+)['"]/g)) {
      if (!known.has(match[1]!)) problems.push(`${relative(root, file)}: t('${match[1]}') is not in English`);
    }
  }
  return problems;
}
