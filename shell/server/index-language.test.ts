// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { indexInLanguage } from './index-language';

const index =
  '<!doctype html><html lang="en"><head><meta name="description" content="PhoneHaat: buy and sell." /><link rel="manifest" href="/manifest.webmanifest" /><title>PhoneHaat — second-hand phones</title></head>' +
  '<body><div id="root"></div><noscript>PhoneHaat needs JavaScript to run.</noscript></body></html>';

describe('index.html in a language', () => {
  it("says the site's title, description and notice in Bangla, with its lang", () => {
    const html = indexInLanguage(index, 'bn');
    expect(html).toContain('<html lang="bn">');
    expect(html).toContain('<title>PhoneHaat — বাংলাদেশে পুরোনো ফোন কেনাবেচা</title>');
    expect(html).toContain('<meta name="description" content="ফোনহাট: সারা বাংলাদেশে পুরোনো মোবাইল ফোন কিনুন ও বিক্রি করুন।"');
    expect(html).toContain('<noscript>ফোনহাট চালাতে জাভাস্ক্রিপ্ট লাগে।</noscript>');
    expect(html).not.toMatch(/second-hand|needs JavaScript|buy and sell/);
    // The installable app's Bangla name and start page.
    expect(html).toContain('<link rel="manifest" href="/manifest.bn.webmanifest" />');
  });

  it('leaves English as built', () => {
    expect(indexInLanguage(index, 'en')).toBe(index);
  });

  it("asks for the language's catalogs with the rest of the code", () => {
    const html = indexInLanguage(index, 'bn', ['/assets/bn-shell.js']);
    expect(html).toContain('<link rel="modulepreload" crossorigin="" href="/assets/bn-shell.js"></head>');
    expect(indexInLanguage(index, 'en', ['/assets/en-shell.js'])).toContain('href="/assets/en-shell.js"></head>');
  });
});
