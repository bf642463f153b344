import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage, loadCatalogs } from '../i18n/runtime';
import { FileField } from './file-field';

afterEach(() => activateLanguage('en'));

describe('FileField', () => {
  it("is the page's own button and words, in Bangla on a Bangla page, labelling the browser's input, with the chosen file's name", async () => {
    await loadCatalogs('bn');
    act(() => activateLanguage('bn'));
    const chosen = vi.fn();
    render(<FileField label="সেটেলমেন্ট রিপোর্ট (CSV)" accept=".csv" onChange={(event) => chosen(event.target.files?.[0]?.name)} error="রিপোর্টটি বেছে নিন" />);
    const input = screen.getByLabelText('সেটেলমেন্ট রিপোর্ট (CSV)');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription('রিপোর্টটি বেছে নিন');
    expect(screen.getByText('ফাইল বেছে নিন')).toBeInTheDocument();
    expect(screen.getByText('এখনো কোনো ফাইল বাছা হয়নি')).toBeInTheDocument();
    await userEvent.upload(input, new File(['Invoice ID'], 'pathao-invoice.csv', { type: 'text/csv' }));
    expect(chosen).toHaveBeenCalledWith('pathao-invoice.csv');
    expect(screen.getByText('pathao-invoice.csv')).toHaveAttribute('translate', 'no');
  });
});
