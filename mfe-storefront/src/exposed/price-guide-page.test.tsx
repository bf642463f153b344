import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@phonehaat/shared-data/testing';
import { priceGuide } from '../test/price-guide';
import PriceGuidePage, { loader } from './price-guide-page';

const samsung = 'b0000000-0000-4000-8000-000000000001';
const brands = [
  { _id: samsung, name: 'Samsung' },
  { _id: 'b0000000-0000-4000-8000-000000000002', name: 'Xiaomi' },
];
const guide = priceGuide({
  model: 'Galaxy S21 FE 128GB',
  condition: 'Good',
  usedYear: 2023,
  source: 'asking',
  count: 6,
  trimmed: 0,
  median: 31000,
  low: 29000,
  high: 33000,
  distribution: [
    { from: 28000, to: 30999, count: 2 },
    { from: 31000, to: 33999, count: 4 },
  ],
  weekly: [],
});
const renderPage = (path = '/price-guide') => {
  const router = createMemoryRouter([{ path: '/price-guide', element: <PriceGuidePage />, loader }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
};

describe('the price guide page', () => {
  it('asks which phone, then shows what phones like it sell for, at an address that can be shared', async () => {
    const calls = mockApi({ 'GET /categories': brands, 'GET /price-guide': guide });
    const router = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Price guide' })).toBeInTheDocument();
    expect(screen.getByText(/Name a phone above/)).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Which phone?' });
    await userEvent.selectOptions(within(form).getByLabelText('Brand'), 'Samsung');
    await userEvent.type(within(form).getByLabelText('Model'), 'Galaxy S21 FE 128GB');
    await userEvent.selectOptions(within(form).getByLabelText('Condition'), 'Good');
    await userEvent.type(within(form).getByLabelText('Year bought'), '২০২৩');
    await userEvent.click(within(form).getByRole('button', { name: 'Show prices' }));

    const section = await screen.findByRole('region', { name: 'Prices for Galaxy S21 FE 128GB' });
    expect(section).toHaveTextContent('Typical price for Galaxy S21 FE 128GB in Good condition: Tk 31,000 (most between Tk 29,000 and Tk 33,000), from 6 phones on sale now');
    // No phone of one's own here: nothing to mark on the bars.
    expect(within(section).queryByTestId('price-guide-where')).not.toBeInTheDocument();
    expect(within(section).getByRole('img', { name: /^Bars of how many of the 6 prices fall in each price band; / })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?brandId=${samsung}&name=Galaxy+S21+FE+128GB&condition=Good&usedYear=%E0%A7%A8%E0%A7%A6%E0%A7%A8%E0%A7%A9`);
    const asked = calls.find((call) => call.url.startsWith('/price-guide'));
    expect(new URLSearchParams(asked!.url.split('?')[1]).get('usedYear')).toBe('2023');
    // The form still shows what was asked.
    expect(screen.getByLabelText('Model')).toHaveValue('Galaxy S21 FE 128GB');
  });

  it('says what is missing or wrong, field by field, with the first one focused, and asks the API nothing', async () => {
    const calls = mockApi({ 'GET /categories': brands, 'GET /price-guide': guide });
    renderPage('/price-guide?brandId=b0000000-0000-4000-8000-000000000099&name=&condition=Mint&usedYear=2099');
    expect(await screen.findByText('Choose a brand.')).toBeInTheDocument();
    expect(screen.getByText("Type the model's name.")).toBeInTheDocument();
    expect(screen.getByText('Choose the condition: Excellent, Good or Fair.')).toBeInTheDocument();
    expect(screen.getByText(`Type the year it was bought, from 2000 to ${new Date().getFullYear()}.`)).toBeInTheDocument();
    expect(screen.getByLabelText('Brand')).toHaveFocus();
    expect(calls.some((call) => call.url.startsWith('/price-guide'))).toBe(false);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
