import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserText } from '../user-text/user-text';
import { catalogs } from './catalogs';
import type en from './fixtures/en.json';
import { activateLanguage, currentLanguage, loadCatalogs } from './runtime';

// A slice's words as every package has them: its catalogs registered under its namespace, loaded per language.
const { t, useT } = catalogs<typeof en>('runtime-test', {
  en: () => import('./fixtures/en.json?catalog'),
  bn: () => import('./fixtures/bn.json?catalog'),
});

afterEach(() => {
  activateLanguage('en');
  vi.restoreAllMocks();
});

function Sale({ buyer, seller }: { buyer: string; seller: string }) {
  const say = useT();
  return <p data-testid="sale">{say.rich('sale', { buyer: <UserText>{buyer}</UserText>, seller: <UserText>{seller}</UserText>, count: 2 })}</p>;
}

function Count({ count }: { count: number }) {
  const say = useT();
  return (
    <p>
      {say('greeting')}: {say('phones', { count })}
    </p>
  );
}

describe('the i18n runtime', () => {
  it("is one per page: a slice's own copy of it (in a subpath entry it bundles) speaks the page's language with its words", async () => {
    await loadCatalogs('bn');
    activateLanguage('bn');
    vi.resetModules();
    const copy = await import('./runtime');
    expect(copy.currentLanguage()).toBe('bn');
    expect(copy.i18n._('runtime-test:phones', { count: 1 })).toBe(t('phones', { count: 1 }));
    expect(t('phones', { count: 1 })).toBe('১টি ফোন');
  });

  it('says plurals by each language’s rules, digits in the language', async () => {
    await loadCatalogs('en');
    expect(t('phones', { count: 1 })).toBe('1 phone');
    expect(t('phones', { count: 2 })).toBe('2 phones');
    await loadCatalogs('bn');
    activateLanguage('bn');
    expect(t('phones', { count: 1 })).toBe('১টি ফোন');
    expect(t('phones', { count: 21 })).toBe('২১টি ফোন');
  });

  it('writes numbers given to a Bangla message in Bangla digits, and still chooses plurals by them', async () => {
    await loadCatalogs('bn');
    activateLanguage('bn');
    expect(t('pageOf', { page: 2, count: 13 })).toBe('পাতা ২ / ১৩');
    expect(t('year', { year: 2024 })).toBe('২০২৪ সালে কেনা');
    expect(t('plainAndPlural', { count: 25000 })).toBe('২৫,০০০ টি ফোন');
    activateLanguage('en');
    await loadCatalogs('en');
    expect(t('pageOf', { page: 2, count: 13 })).toBe('Page 2 of 13');
    expect(t('plainAndPlural', { count: 1 })).toBe('1 phone');
  });

  it('puts people’s text inside a sentence as marked elements, in the translation’s word order', async () => {
    await loadCatalogs('en');
    await loadCatalogs('bn');
    render(<Sale buyer="Rafiq 2" seller="Mitu <b>" />);
    const sale = screen.getByTestId('sale');
    expect(sale).toHaveTextContent('Rafiq 2 bought 2 phones from Mitu <b>');
    expect([...sale.querySelectorAll('[translate="no"]')].map((node) => node.textContent)).toEqual(['Rafiq 2', 'Mitu <b>']);
    act(() => activateLanguage('bn'));
    expect(sale).toHaveTextContent('Mitu <b>-এর কাছ থেকে Rafiq 2 ২টি ফোন কিনেছেন');
    expect([...sale.querySelectorAll('[translate="no"]')].map((node) => node.textContent)).toEqual(['Mitu <b>', 'Rafiq 2']);
  });

  it('renders every component that says a word again when the language changes, with no provider', async () => {
    await loadCatalogs('en');
    await loadCatalogs('bn');
    render(<Count count={2} />);
    expect(screen.getByText('Hello: 2 phones')).toBeInTheDocument();
    act(() => activateLanguage('bn'));
    expect(currentLanguage()).toBe('bn');
    expect(screen.getByText('নমস্কার: ২টি ফোন')).toBeInTheDocument();
  });

  it('shows English for a message the language lacks, and says so in the console once its catalog loads', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // A fresh registration of the namespace, so its catalogs load (and are checked) again.
    catalogs<typeof en>('runtime-test-lacking', {
      en: () => import('./fixtures/en.json?catalog'),
      bn: () => import('./fixtures/bn.json?catalog'),
    });
    await loadCatalogs('bn');
    activateLanguage('bn');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('the runtime-test-lacking catalog in bn lacks 1 messages, shown in English: only.english'));
    expect(t('only.english')).toBe('Only in English');
  });

  it('never shows a raw key: a message no catalog has is left out, and reported', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await loadCatalogs('en');
    expect(t('no.such.key' as 'greeting')).toBe('');
    expect(error).toHaveBeenCalledWith('PhoneHaat: no message "runtime-test:no.such.key" in the en catalogs');
  });
});
