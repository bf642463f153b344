// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decideLanguage, rememberedLanguage } from './language';

const at = (path: string) => new URL(path, 'http://localhost');

describe('the language a page is sent in', () => {
  it('is Bangla at a Bangla address, whatever was chosen before', () => {
    expect(decideLanguage(at('/bn/blog'), 'phonehaat_lang=en', 'en')).toEqual({ language: 'bn' });
    expect(decideLanguage(at('/bn'), undefined, undefined)).toEqual({ language: 'bn' });
  });

  it('is English at the English address of a shared page, whatever was chosen before', () => {
    expect(decideLanguage(at('/blog'), 'phonehaat_lang=bn', 'bn')).toEqual({ language: 'en' });
    expect(decideLanguage(at('/product/7'), 'phonehaat_lang=bn', undefined)).toEqual({ language: 'en' });
  });

  it("sends the home page, sign-in and the dashboard to the remembered language's address, query kept", () => {
    expect(decideLanguage(at('/'), 'a=1; phonehaat_lang=bn', 'en')).toEqual({ redirect: '/bn' });
    expect(decideLanguage(at('/dashboard/myorders?page=2'), 'phonehaat_lang=bn', undefined)).toEqual({ redirect: '/bn/dashboard/myorders?page=2' });
    expect(decideLanguage(at('/login?from=%2Fdashboard'), 'phonehaat_lang=bn', undefined)).toEqual({ redirect: '/bn/login?from=%2Fdashboard' });
    expect(decideLanguage(at('/'), 'phonehaat_lang=en', 'bn')).toEqual({ language: 'en' });
  });

  it("follows the browser's Accept-Language on a first visit, by preference", () => {
    expect(decideLanguage(at('/'), undefined, 'bn-BD,bn;q=0.9,en;q=0.8')).toEqual({ redirect: '/bn' });
    expect(decideLanguage(at('/'), undefined, 'en-GB,bn;q=0.5')).toEqual({ language: 'en' });
    expect(decideLanguage(at('/'), undefined, 'fr, bn;q=0.4')).toEqual({ redirect: '/bn' });
    expect(decideLanguage(at('/'), undefined, 'fr')).toEqual({ language: 'en' });
    // A phone's check, opened from its QR code on the phone itself: in that phone's language.
    expect(decideLanguage(at('/check/AbC-123_xyz'), undefined, 'bn-BD,bn;q=0.9')).toEqual({ redirect: '/bn/check/AbC-123_xyz' });
    expect(decideLanguage(at('/check/AbC-123_xyz'), undefined, 'en-US')).toEqual({ language: 'en' });
  });

  it('takes a choice made before the app started (the switch is a link with ?lang=): remembered, then the clean address', () => {
    expect(decideLanguage(at('/?lang=en'), 'phonehaat_lang=bn', 'bn')).toEqual({ redirect: '/', remember: 'en' });
    expect(decideLanguage(at('/bn/blog?lang=en&page=2'), 'phonehaat_lang=bn', undefined)).toEqual({ redirect: '/blog?page=2', remember: 'en' });
    expect(decideLanguage(at('/dashboard/myorders?lang=bn'), undefined, 'en')).toEqual({ redirect: '/bn/dashboard/myorders', remember: 'bn' });
    // Not a language: ignored, and the address is what it is.
    expect(decideLanguage(at('/blog?lang=fr'), undefined, undefined)).toEqual({ language: 'en' });
  });

  it('ignores a cookie it did not write', () => {
    expect(rememberedLanguage('phonehaat_lang=xx')).toBeUndefined();
    expect(decideLanguage(at('/'), 'phonehaat_lang=<script>', 'en')).toEqual({ language: 'en' });
  });
});
