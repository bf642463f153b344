// A sixth slice is one folder plus one line (issue 44): `pnpm slice new` in a throwaway copy of the workspace changes
// nothing outside the new folder but the one list of remotes, and what it writes is a remote the build can derive.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '@phonehaat/stack';
import { readDeclaredPages, remoteFacts, shellPages } from '@phonehaat/federation-config/pages';
import { scaffoldSlice } from '../src/scaffold.js';

let copy: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: copy, encoding: 'utf8' });

beforeAll(() => {
  // The workspace's tracked files as they are now, in a repository of their own: what a team would scaffold in.
  copy = mkdtempSync(join(tmpdir(), 'phonehaat-slice-new-'));
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  // The root's files (its tsconfigs) and the folders a slice's routes are read with.
  for (const file of tracked.filter((file) => (!file.includes('/') || /^(shared-api|mfe-[a-z]+)\//.test(file)) && existsSync(join(root, file)))) {
    mkdirSync(join(copy, file, '..'), { recursive: true });
    cpSync(join(root, file), join(copy, file));
  }
  // Each slice's installed packages, as pnpm links them (a slice's routes.ts may read the contract: the storefront's
  // preloads are made by shared-api's pathOf).
  for (const slice of readdirSync(copy).filter((name) => name.startsWith('mfe-') && existsSync(join(root, name, 'node_modules')))) {
    symlinkSync(join(root, slice, 'node_modules'), join(copy, slice, 'node_modules'));
  }
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=test', '-c', 'user.email=test@example.com', 'commit', '-qm', 'before');
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('pnpm slice new', () => {
  it('writes a remote in its own folder and its one line in the remote list, changing no other file', async () => {
    const written = scaffoldSlice(`${copy}/`, { name: 'warranty', title: 'Warranty', titleBn: 'ওয়ারেন্টি' });
    const changed = git('status', '--porcelain', '--untracked-files=all').split('\n').filter(Boolean).map((line) => line.slice(3));
    const outside = changed.filter((file) => !file.startsWith('mfe-warranty/'));
    expect(outside).toEqual(['shared-api/src/remotes.ts']);
    expect(git('diff', '--numstat', 'shared-api/src/remotes.ts').trim()).toBe('1\t0\tshared-api/src/remotes.ts');
    expect(readFileSync(join(copy, 'shared-api/src/remotes.ts'), 'utf8')).toContain("  warranty: { port: 4206, title: { en: 'Warranty', bn: 'ওয়ারেন্টি' } },\n");
    expect(written).toEqual(expect.arrayContaining(['mfe-warranty/src/routes.ts', 'mfe-warranty/src/exposed/warranty-page.tsx', 'mfe-warranty/src/exposed/warranty-page.test.tsx', 'mfe-warranty/src/locales/bn.json', 'mfe-warranty/vite.config.ts']));

    // Its page, as the shell's build derives it: at /warranty, for everyone, composed on the server, in both languages.
    const declared = await readDeclaredPages(`${copy}/`);
    const page = shellPages(declared).pages.find((each) => each.path === '/warranty');
    expect(page).toEqual({ remote: 'warranty', path: '/warranty', module: 'warranty-page', permission: null, label: { en: 'the Warranty page', bn: 'ওয়ারেন্টি পাতা' }, composed: true });
    expect(remoteFacts(declared.warranty!)).toEqual({ exposes: { './warranty-page': './src/exposed/warranty-page.tsx' }, serverPages: ['./warranty-page'], preloadData: {} });
    const en = JSON.parse(readFileSync(join(copy, 'mfe-warranty/src/locales/en.json'), 'utf8')) as Record<string, string>;
    const bn = JSON.parse(readFileSync(join(copy, 'mfe-warranty/src/locales/bn.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(bn)).toEqual(Object.keys(en));
  });

  it('refuses a name already taken, an address PhoneHaat already has, and a name that is not one word', () => {
    expect(() => scaffoldSlice(`${copy}/`, { name: 'inbox' })).toThrow('a slice named "inbox" is already in shared-api/src/remotes.ts');
    expect(() => scaffoldSlice(`${copy}/`, { name: 'login' })).toThrow('/login is already a PhoneHaat address: choose another name');
    expect(() => scaffoldSlice(`${copy}/`, { name: 'My-Slice' })).toThrow('"My-Slice" is not a slice name');
    expect(() => scaffoldSlice(`${copy}/`, { name: 'shell' })).toThrow('"shell" is the host, not a slice');
  });
});
