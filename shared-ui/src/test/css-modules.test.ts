// @vitest-environment node
// jsdom has no viewport, so the suite does not load CSS; this checks the stylesheets on their own instead. TypeScript
// types every CSS Module as "any class name", so a class used in a component but missing (or renamed) in its
// stylesheet would only show as a missing style in the browser.
import { preprocessCSS, resolveConfig, type ResolvedConfig } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

const stylesheets = import.meta.glob<string>('../**/*.css', { query: '?raw', import: 'default', eager: true });
const components = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const absolute = (path: string) => new URL(path, import.meta.url).pathname;
const resolveFrom = (from: string, specifier: string) => new URL(specifier, new URL(from, import.meta.url)).pathname;

// Classes picked by a prop (styles[variant]); each union member needs its class.
const dynamic: Record<string, string[]> = {
  '../button/button.module.css': ['primary', 'secondary', 'danger', 'ghost', 'sm', 'md'],
  '../price/price.module.css': ['sm', 'md', 'lg'],
  '../spinner/spinner.module.css': ['sm', 'lg'], // md is the ring's own size
  '../dialog/dialog.module.css': ['sm', 'md', 'sheet'],
};

let config: ResolvedConfig;
const classesOf = new Map<string, string[]>();

beforeAll(async () => {
  config = await resolveConfig({ configFile: false, logLevel: 'silent' }, 'build');
  for (const [path, css] of Object.entries(stylesheets)) {
    const result = await preprocessCSS(css, absolute(path), config);
    if (path.endsWith('.module.css')) classesOf.set(absolute(path), Object.keys(result.modules ?? {}));
  }
});

describe('stylesheets', () => {
  it('all parse, and there are CSS Modules to check', () => {
    expect(Object.keys(stylesheets)).toContain('../tokens.css');
    expect(classesOf.size).toBeGreaterThan(10);
  });

  it('name classes in camelCase: the apps build CSS Modules with localsConvention "camelCaseOnly"', () => {
    for (const [path, classes] of classesOf) {
      for (const name of classes) expect(name, `${name} in ${path}`).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    }
  });

  it('define every class the components use', () => {
    let checked = 0;
    for (const [file, source] of Object.entries(components)) {
      // import styles from './x.module.css'  |  import { fieldStyles } from '../field/field' (re-exported styles)
      const bindings = new Map<string, string>();
      for (const [, name, specifier] of source.matchAll(/import (\w+) from '([^']+\.module\.css)'/g)) {
        bindings.set(name!, resolveFrom(file, specifier!));
      }
      if (/\bfieldStyles\b/.test(source) && !file.endsWith('/field.tsx')) {
        bindings.set('fieldStyles', absolute('../field/field.module.css'));
      }
      for (const [name, stylesheet] of bindings) {
        const defined = classesOf.get(stylesheet);
        expect(defined, `${stylesheet} imported by ${file}`).toBeDefined();
        for (const [, used] of source.matchAll(new RegExp(`\\b${name}\\.(\\w+)`, 'g'))) {
          expect(defined, `${name}.${used} in ${file}`).toContain(used);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('define the classes chosen by variant and size props', () => {
    for (const [path, names] of Object.entries(dynamic)) {
      expect(classesOf.get(absolute(path))).toEqual(expect.arrayContaining(names));
    }
  });
});
