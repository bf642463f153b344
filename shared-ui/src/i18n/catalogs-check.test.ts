// @vitest-environment node
// The catalog check and the release's coverage read every `locales` folder of a package: its main catalog and those of
// features loaded with their pages (issue 25's budget: a visitor's first page carries only the words it shows).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogCoverage } from '@phonehaat/federation-config/catalogs';
import { catalogProblems } from '@phonehaat/federation-config/catalogs-check';

let root: string;
function write(path: string, content: unknown) {
  const file = join(root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

function aPackage() {
  root = mkdtempSync(join(tmpdir(), 'catalogs-'));
  write('src/locales/en.json', { 'home.title': 'Home' });
  write('src/locales/bn.json', { 'home.title': 'হোম' });
  write('src/features/product/locales/en.json', { 'product.price': 'Price {price}', 'product.seller': 'Seller' });
  write('src/features/product/locales/bn.json', { 'product.price': 'দাম {price}' });
  write('src/features/product/details.tsx', "t('product.price'); t('home.title'); t('product.colour');");
}

describe("a package's catalogs in several folders", () => {
  it("are each checked against their own English, and the code's keys against all of them", () => {
    aPackage();
    expect(catalogProblems(root)).toEqual(['src/features/product/locales: bn: "product.seller" is missing', "src/features/product/details.tsx: t('product.colour') is not in English"]);
  });

  it("add up in the release's coverage, a feature's missing keys named with their feature", () => {
    aPackage();
    expect(catalogCoverage(root)).toEqual({
      en: { messages: 3, missing: [] },
      bn: { messages: 3, missing: ['features/product/product.seller'] },
    });
  });
});
