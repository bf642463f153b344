// `pnpm slice new <name>` (issue 44): a new team's slice is one folder, mfe-<name>, plus its line in the one list of
// remotes (shared-api/src/remotes.ts). The folder holds a working remote: one page at a route of its own, in both
// languages, its tests, and the build the deployer releases (its exposes and server render follow from src/routes.ts).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { paths } from '@phonehaat/shared-api/routes';

export interface SliceOptions {
  /** One lower-case word (it names the federation container and the <NAME>_PORT variable): mfe-<name>, at /<name>. */
  name: string;
  /** Its name for people, in English and in Bangla (an English name stays as it is in Bangla until translated). */
  title?: string;
  titleBn?: string;
}

const NAME = /^[a-z][a-z0-9]{1,23}$/;
const LIST = 'shared-api/src/remotes.ts';

const pascal = (name: string) => name.replace(/^[a-z]/, (letter) => letter.toUpperCase());
const quote = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** The remotes already in the list, and the highest local port they use. */
function listed(list: string): { names: string[]; port: number } {
  const lines = [...list.matchAll(/^ {2}([a-z][a-z0-9]*): \{ port: (\d+),/gm)];
  return { names: lines.map((line) => line[1]!), port: Math.max(4200, ...lines.map((line) => Number(line[2]))) };
}

/** Every file of the new remote, by its path in the workspace. */
function files(name: string, title: string, titleBn: string): Record<string, string> {
  const dir = `mfe-${name}`;
  const Page = `${pascal(name)}Page`;
  const module = `${name}-page`;
  const en = { 'page.title': title, 'page.intro': `The ${title} slice's first page. Its team builds on from here.`, 'page.next': 'Nothing here yet: this page is where the slice starts.' };
  const bn = { 'page.title': titleBn, 'page.intro': `${titleBn} অংশের প্রথম পাতা। এর দল এখান থেকে গড়ে তুলবে।`, 'page.next': 'এখানে এখনও কিছু নেই: অংশটি এই পাতা থেকেই শুরু।' };
  return {
    [`${dir}/package.json`]: `${JSON.stringify(
      {
        name: `@phonehaat/mfe-${name}`,
        version: '0.1.0',
        private: true,
        type: 'module',
        scripts: {
          dev: 'vite --configLoader runner',
          build: 'tsc --noEmit && vite build --configLoader runner',
          preview: 'vite preview --configLoader runner',
          typecheck: 'tsc --noEmit',
          test: 'vitest run --configLoader runner',
        },
        dependencies: Object.fromEntries(['@phonehaat/shared-api', '@phonehaat/shared-auth', '@phonehaat/shared-data', '@phonehaat/shared-ui'].map((pkg) => [pkg, 'workspace:*']).concat(['react', 'react-dom', 'react-router-dom', 'zustand'].map((pkg) => [pkg, 'catalog:']))),
        devDependencies: {
          '@phonehaat/federation-config': 'workspace:*',
          ...Object.fromEntries(
            ['@testing-library/jest-dom', '@testing-library/react', '@testing-library/user-event', '@types/node', '@types/react', '@types/react-dom', '@vitejs/plugin-react', 'jsdom', 'typescript', 'vite', 'vitest'].map((pkg) => [pkg, 'catalog:']),
          ),
        },
      },
      null,
      2,
    )}\n`,
    [`${dir}/tsconfig.json`]: `${JSON.stringify({ extends: '../tsconfig.web.json', include: ['src'] }, null, 2)}\n`,
    [`${dir}/vite.config.ts`]: `import { defineConfig } from 'vite';
import { ports } from '@phonehaat/federation-config/shared';
import { federatedApp } from '@phonehaat/federation-config/vite';
import { pages } from './src/routes';

// Its exposes, its server-rendered pages and their preloads all follow from its pages (src/routes.ts).
export default defineConfig(({ command }) => federatedApp({ name: ${quote(name)}, port: ports[${quote(name)}], pages }, { command }));
`,
    [`${dir}/vitest.config.ts`]: `import { webTestConfig } from '@phonehaat/federation-config/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig(webTestConfig());
`,
    [`${dir}/index.html`]: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>PhoneHaat ${title} (standalone)</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`,
    [`${dir}/src/main.tsx`]: `// Federation needs an async boundary before the shared modules are used.
import('./bootstrap');
`,
    [`${dir}/src/bootstrap.tsx`]: `// The ${name} remote on its own, for its team (\`pnpm --filter @phonehaat/mfe-${name} dev\`).
import '@phonehaat/shared-ui/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneApp } from '@phonehaat/shared-auth/standalone';
import { pages } from './routes';
import ${Page} from './exposed/${module}';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneApp name=${JSON.stringify(title)} routes={[{ path: pages[0]!.path, element: <${Page} /> }]} />
  </StrictMode>,
);
`,
    [`${dir}/src/i18n.ts`]: `// The ${name} slice's words, in every language.
import { catalogs } from '@phonehaat/shared-ui';
import type en from './locales/en.json';

export const { t, useT } = catalogs<typeof en>(${quote(name)}, {
  en: () => import('./locales/en.json?catalog'),
  bn: () => import('./locales/bn.json?catalog'),
});
`,
    [`${dir}/src/routes.ts`]: `// The ${name} slice's pages: the shell's route table, slot labels and server composition are derived from this list
// when the shell is built, and this remote's exposes when it is. A new page is a line here and its file.
import type { PageDeclaration } from '@phonehaat/shared-api/pages';

export const pages: PageDeclaration[] = [
  {
    path: ${quote(`/${name}`)},
    module: ${quote(module)},
    file: ${quote(`./src/exposed/${module}.tsx`)},
    permission: null,
    label: { en: ${quote(`the ${title} page`)}, bn: ${quote(`${titleBn} পাতা`)} },
    composed: true,
  },
];
`,
    [`${dir}/src/exposed/${module}.tsx`]: `import { Card, Container, PageHeader } from '@phonehaat/shared-ui';
import { useT } from '../i18n';

/** \`/${name}\`: the slice's first page, for everyone. */
export default function ${Page}() {
  const t = useT();
  return (
    <Container as="section">
      <PageHeader title={t('page.title')} subtitle={t('page.intro')} />
      <Card>
        <p>{t('page.next')}</p>
      </Card>
    </Container>
  );
}
`,
    [`${dir}/src/exposed/${module}.test.tsx`]: `import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ${Page} from './${module}';

describe('the ${name} page', () => {
  it('names itself and says where the slice starts', () => {
    render(<${Page} />);
    expect(screen.getByRole('heading', { level: 1, name: ${quote(title)} })).toBeInTheDocument();
    expect(screen.getByText(${quote(en['page.next'])})).toBeInTheDocument();
  });
});
`,
    [`${dir}/src/locales/en.json`]: `${JSON.stringify(en, null, 2)}\n`,
    [`${dir}/src/locales/bn.json`]: `${JSON.stringify(bn, null, 2)}\n`,
    [`${dir}/src/locales/catalogs.test.ts`]: `// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogProblems } from '@phonehaat/federation-config/catalogs-check';

describe('the catalogs', () => {
  it('have every key in every language, valid messages with English placeholders, and every key the code uses', () => {
    expect(catalogProblems(fileURLToPath(new URL('../..', import.meta.url)))).toEqual([]);
  });
});
`,
  };
}

/** Writes the new slice's folder and its line in the remote list; returns the files written. Refuses a taken name. */
export function scaffoldSlice(root: string, options: SliceOptions): string[] {
  const { name } = options;
  if (!NAME.test(name) || name.length > 24) throw new Error(`"${name}" is not a slice name: one lower-case word (letters, then letters or digits), 2 to 24 characters`);
  if (name === 'shell') throw new Error('"shell" is the host, not a slice');
  const listFile = join(root, LIST);
  const list = readFileSync(listFile, 'utf8');
  const { names, port } = listed(list);
  if (names.includes(name)) throw new Error(`a slice named "${name}" is already in ${LIST}`);
  if (existsSync(join(root, `mfe-${name}`))) throw new Error(`mfe-${name}/ already exists`);
  const taken = Object.values(paths).filter((path) => typeof path === 'string');
  if (taken.some((path) => path === `/${name}` || path.startsWith(`/${name}/`))) throw new Error(`/${name} is already a PhoneHaat address: choose another name`);
  const title = options.title?.trim() || pascal(name);
  const titleBn = options.titleBn?.trim() || title;
  const line = `  ${name}: { port: ${port + 1}, title: { en: ${quote(title)}, bn: ${quote(titleBn)} } },\n`;
  const end = list.indexOf('} as const satisfies');
  if (end < 0) throw new Error(`${LIST} no longer ends its list with "} as const satisfies": add the line by hand: ${line}`);
  const written = Object.entries(files(name, title, titleBn)).map(([path, text]) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
    return path;
  });
  writeFileSync(listFile, list.slice(0, end) + line + list.slice(end));
  return [...written, LIST];
}
