import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from './select-field';

const accountTypes = [
  { value: 'buyer', label: 'Buyer' },
  { value: 'seller', label: 'Seller' },
];

describe('SelectField', () => {
  it('shows the placeholder until a choice is made, and the placeholder cannot be chosen', async () => {
    const onChange = vi.fn();
    render(
      <SelectField label="Account type" name="role" options={accountTypes} placeholder="Select Your Account Type" onChange={onChange} />,
    );
    const select = screen.getByRole('combobox', { name: 'Account type' });
    expect(select).toHaveValue('');
    expect(select).toHaveDisplayValue('Select Your Account Type');
    // Hidden and disabled: not offered as a choice.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Buyer', 'Seller']);

    await userEvent.selectOptions(select, 'seller');
    expect(select).toHaveValue('seller');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('without a placeholder starts on the first option', () => {
    render(<SelectField label="Account type" options={accountTypes} />);
    expect(screen.getByRole('combobox', { name: 'Account type' })).toHaveValue('buyer');
  });

  it('keeps a controlled value over the placeholder', () => {
    render(<SelectField label="Account type" options={accountTypes} placeholder="Choose" value="seller" onChange={() => {}} />);
    expect(screen.getByRole('combobox', { name: 'Account type' })).toHaveDisplayValue('Seller');
  });

  it('ties its error to the select', () => {
    render(<SelectField label="Account type" options={accountTypes} placeholder="Choose" error="Choose an account type" />);
    const select = screen.getByRole('combobox', { name: 'Account type' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose an account type');
  });
});
