import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ToastHost } from '@phonehaat/shared-ui';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi, type RecordedCall } from '@phonehaat/shared-data/testing';
import { PickupSection } from './pickup-section';

const saved = { address: { name: 'Karim Hossain', phone: '01811000111', division: 'sylhet', district: 'sylhet', area: 'Zindabazar', street: 'House 12, Road 3, near the Jame Masjid' }, courier: 'pathao' };
let calls: RecordedCall[];
const section = () =>
  render(
    <>
      <PickupSection />
      <ToastHost />
    </>,
  );

beforeEach(() => setSession({ role: 'Seller', email: 'karim@example.com' }));

describe("the seller's courier pickup address", () => {
  it('is asked for when there is none: a division narrows the districts, and the address is saved as typed', async () => {
    calls = mockApi({ 'GET /pickup-address': null, 'PUT /pickup-address': saved });
    section();
    const form = await screen.findByRole('form', { name: 'Courier pickup address' });
    // The address's fields come with the courier parts' own chunk (shared-ui's delivery-parts), a moment after the form.
    const district = await within(form).findByLabelText('District');
    expect(district).toBeDisabled();
    await userEvent.type(within(form).getByLabelText('Name of who hands it over'), 'Karim Hossain');
    await userEvent.type(within(form).getByLabelText('Mobile number'), '01811-000111');
    await userEvent.selectOptions(within(form).getByLabelText('Division'), 'sylhet');
    expect(within(district).getAllByRole('option').map((option) => option.textContent)).toEqual(['Habiganj', 'Moulvibazar', 'Sunamganj', 'Sylhet']);
    await userEvent.selectOptions(district, 'sylhet');
    await userEvent.type(within(form).getByLabelText('Area (thana or upazila)'), 'Zindabazar');
    await userEvent.type(within(form).getByLabelText('House, road and a landmark'), 'House 12, Road 3, near the Jame Masjid');
    await userEvent.click(within(form).getByRole('button', { name: 'Save pickup address' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Parcels are collected at House 12, Road 3, near the Jame Masjid, Zindabazar, Sylhet.');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ ...saved.address });
  });

  it('names each wrong field before sending anything, the first one focused', async () => {
    calls = mockApi({ 'GET /pickup-address': null });
    section();
    const form = await screen.findByRole('form', { name: 'Courier pickup address' });
    await userEvent.type(await within(form).findByLabelText('Mobile number'), '12345');
    await userEvent.click(within(form).getByRole('button', { name: 'Save pickup address' }));
    const name = within(form).getByLabelText('Name of who hands it over');
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText('Enter a Bangladeshi mobile number, e.g. 01712-345678')).toBeInTheDocument();
    expect(within(form).getAllByText('Choose a division')).toHaveLength(1);
    expect(name).toHaveFocus();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows the address kept, and lets the seller change it', async () => {
    mockApi({ 'GET /pickup-address': saved });
    section();
    expect(await screen.findByRole('status')).toHaveTextContent('Parcels are collected at House 12, Road 3, near the Jame Masjid, Zindabazar, Sylhet.');
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByLabelText('District')).toHaveValue('sylhet');
  });
});
