import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi, type RecordedCall } from '@phonehaat/shared-data/testing';
import AddProductPage, { loader } from './add-product-page';

/** The person's number is verified: listing and booking need one (issue 46). */
const verifiedPhone = { phone: '01712345678', verifiedAt: '2026-11-20T10:00:00.000Z' };

const apple = { _id: '9f1b8c2e-1d3a-4c5b-8e7f-0a1b2c3d4e5f', name: 'Apple' };
let calls: RecordedCall[];

/** The page, once its form shows (after the account's number was found verified). */
async function renderPage() {
  const rendered = render(
    <RouterProvider
      router={createMemoryRouter(
        [
          { path: '/dashboard/addproduct', element: <AddProductPage /> },
          { path: '/dashboard/myproduct', element: <p>my products page</p> },
        ],
        { initialEntries: ['/dashboard/addproduct'] },
      )}
    />,
  );
  await screen.findByRole('form', { name: /./ });
  return rendered;
}

async function fillValidPhone() {
  await userEvent.type(screen.getByLabelText('Product name'), 'iPhone 12 128GB');
  await userEvent.selectOptions(await screen.findByLabelText('Brand'), 'Apple');
  await userEvent.type(screen.getByLabelText('Resale price (Tk)'), '42000');
  await userEvent.type(screen.getByLabelText('Original price (Tk)'), '99999');
  await userEvent.selectOptions(screen.getByLabelText('Condition'), 'Good');
  await userEvent.type(screen.getByLabelText('Year of purchase'), '2021');
  await userEvent.type(screen.getByLabelText('Location'), 'Mirpur, Dhaka');
  await userEvent.type(screen.getByLabelText('IMEI'), '35-209900-176148-1');
}

const photo = (n: number) => ({
  _id: `c0000000-0000-4000-8000-00000000000${n}`,
  small: `http://api.test/photos/${String(n).repeat(64)}-320.webp`,
  medium: `http://api.test/photos/${String(n).repeat(64)}-800.webp`,
  large: `http://api.test/photos/${String(n).repeat(64)}-1600.webp`,
  width: 1600,
  height: 1200,
});
const file = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });
const chooseFiles = (...files: File[]) => userEvent.upload(screen.getByLabelText('Choose photos'), files);

/** Every field, and one photo uploaded. */
async function fillValidPhoneWithPhoto() {
  await fillValidPhone();
  await chooseFiles(file('front.jpg'));
  await screen.findByRole('button', { name: 'Remove photo 1' });
}

beforeEach(() => {
  // jsdom has no object URLs; the picker only shows them.
  URL.createObjectURL = (blob: Blob) => `blob:${(blob as File).name}`;
  URL.revokeObjectURL = () => undefined;
  setSession({ role: 'Seller', name: 'Karim Hossain', email: 'karim@example.com' });
  calls = mockApi({ 'GET /me/phone': verifiedPhone,
    'GET /productbrandname': [apple],
    'POST /addedproducts': [201, { acknowledged: true, insertedId: '1b7e7d0c-5a6e-4f4e-9c55-0b1b7a1d3c01' }],
    'POST /uploads': (() => {
      let n = 0;
      return () => [201, photo(++n)];
    })(),
  });
});

describe('a seller without a pickup address, once the phone is listed (issue 65)', () => {
  const renderWithLoader = async () => {
    render(
      <RouterProvider
        router={createMemoryRouter(
          [
            { path: '/dashboard/addproduct', element: <AddProductPage />, loader },
            { path: '/dashboard/myproduct', element: <p>my products page</p> },
          ],
          { initialEntries: ['/dashboard/addproduct'] },
        )}
      />,
    );
    await screen.findByRole('form', { name: /./ });
  };

  it('is asked whether the courier may collect their phones, and may skip', async () => {
    mockApi({ 'GET /me/phone': verifiedPhone, 'GET /productbrandname': [apple], 'GET /pickup-address': null, 'POST /addedproducts': [201, { acknowledged: true, insertedId: '1b7e7d0c-5a6e-4f4e-9c55-0b1b7a1d3c01' }], 'POST /uploads': [201, photo(1)] });
    await renderWithLoader();
    await fillValidPhoneWithPhoto();
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    const prompt = await screen.findByTestId('courier-prompt');
    expect(within(prompt).getByRole('heading', { name: 'Listed. Will you send it by courier?' })).toBeInTheDocument();
    expect(within(prompt).getByRole('form', { name: 'Courier pickup address' })).toBeInTheDocument();
    await userEvent.click(within(prompt).getByRole('button', { name: 'Skip: buyers meet me' }));
    expect(await screen.findByText('my products page')).toBeInTheDocument();
  });

  it('is not asked again once they have one', async () => {
    const pickup = { address: { name: 'Karim', phone: '01811000111', division: 'dhaka', district: 'dhaka', area: 'Dhanmondi', street: 'House 5' }, courier: 'pathao' };
    mockApi({ 'GET /me/phone': verifiedPhone, 'GET /productbrandname': [apple], 'GET /pickup-address': pickup, 'POST /addedproducts': [201, { acknowledged: true, insertedId: '1b7e7d0c-5a6e-4f4e-9c55-0b1b7a1d3c01' }], 'POST /uploads': [201, photo(1)] });
    await renderWithLoader();
    await fillValidPhoneWithPhoto();
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('my products page')).toBeInTheDocument();
    expect(screen.queryByTestId('courier-prompt')).not.toBeInTheDocument();
  });
});

describe('adding a product', () => {
  it('asks a seller without a verified number for it first, and shows nothing to fill in until then', async () => {
    mockApi({ 'GET /me/phone': { phone: null, verifiedAt: null }, 'GET /productbrandname': [apple] });
    render(
      <RouterProvider router={createMemoryRouter([{ path: '/dashboard/addproduct', element: <AddProductPage /> }], { initialEntries: ['/dashboard/addproduct'] })} />,
    );
    expect(await screen.findByRole('heading', { name: 'First, your phone number' })).toBeInTheDocument();
    expect(screen.getByText(/then add your phone/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Product name')).not.toBeInTheDocument();
  });

  it("shows the seller's name and email instead of asking for them", async () => {
    await renderPage();
    expect(screen.getByText(/Listing as/)).toHaveTextContent('Karim Hossain (karim@example.com)');
    // No number to type: buyers who book see the seller's verified one (issue 46).
    expect(screen.getByText('Buyers who book it see your verified phone number.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Mobile number')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/seller/i)).not.toBeInTheDocument();
  });

  it('checks every field with the shared schema before sending anything', async () => {
    await renderPage();
    await screen.findByLabelText('Brand');
    await userEvent.type(screen.getByLabelText('Resale price (Tk)'), '0');
    await userEvent.type(screen.getByLabelText('Year of purchase'), String(new Date().getFullYear() + 1));
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(screen.getByLabelText('Product name')).toHaveAccessibleDescription(/Product name is required/));
    expect(screen.getByLabelText('Brand')).toHaveAccessibleDescription('Choose a brand');
    expect(screen.getByLabelText('Resale price (Tk)')).toHaveAccessibleDescription(/more than 0/);
    expect(screen.getByLabelText('Year of purchase')).toHaveAccessibleDescription('Year of purchase cannot be in the future');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('takes prices as people write them (Bangla digits, commas, Tk), and a failed form moves to its first error', async () => {
    await renderPage();
    await fillValidPhoneWithPhoto();
    await userEvent.clear(screen.getByLabelText('Resale price (Tk)'));
    await userEvent.type(screen.getByLabelText('Resale price (Tk)'), 'forty thousand');
    await userEvent.clear(screen.getByLabelText('Year of purchase'));
    await userEvent.type(screen.getByLabelText('Year of purchase'), 'last year');
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(screen.getByLabelText('Resale price (Tk)')).toHaveAccessibleDescription('Enter the amount in taka, e.g. 21,000'));
    expect(screen.getByLabelText('Year of purchase')).toHaveAccessibleDescription('Enter the year you bought it, e.g. 2023');
    expect(screen.getByLabelText('Resale price (Tk)')).toHaveFocus();
    await userEvent.clear(screen.getByLabelText('Resale price (Tk)'));
    await userEvent.type(screen.getByLabelText('Resale price (Tk)'), '৪২,০০০');
    await userEvent.clear(screen.getByLabelText('Original price (Tk)'));
    await userEvent.type(screen.getByLabelText('Original price (Tk)'), 'Tk 99,999');
    await userEvent.clear(screen.getByLabelText('Year of purchase'));
    await userEvent.type(screen.getByLabelText('Year of purchase'), '২০২১');
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('my products page')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/addedproducts')?.body).toMatchObject({ resalePrice: 42000, originalPrice: 99999, usedYear: 2021 });
  });

  it('sends the phone, announces it and goes to My Product', async () => {
    await renderPage();
    await fillValidPhoneWithPhoto();
    await chooseFiles(file('back.jpg'));
    await screen.findByRole('button', { name: 'Remove photo 2' });
    await userEvent.click(screen.getByRole('button', { name: 'Make photo 2 the cover' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('my products page')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/addedproducts')?.body).toEqual({
      name: 'iPhone 12 128GB',
      brandId: apple._id,
      resalePrice: 42000,
      originalPrice: 99999,
      condition: 'Good',
      usedYear: 2021,
      location: 'Mirpur, Dhaka',
      photos: [photo(2)._id, photo(1)._id],
      description: '',
      imei: '352099001761481',
      openToOffers: false,
      lowestOffer: null,
    });
  });

  it('opens the phone to offers with the lowest price the seller takes, typed in Bangla digits, and refuses one above the asking price', async () => {
    await renderPage();
    await fillValidPhoneWithPhoto();
    await userEvent.click(screen.getByRole('checkbox', { name: /Open to offers/ }));
    const lowest = screen.getByLabelText('The lowest price you take, in taka (optional)');
    await userEvent.type(lowest, '৯৯,০০০');
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('The lowest offer you take cannot be above your asking price')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/addedproducts')).toBe(false);
    await userEvent.clear(lowest);
    await userEvent.type(lowest, '১৫,০০০');
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('my products page')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/addedproducts')?.body).toMatchObject({ openToOffers: true, lowestOffer: 15_000 });
  });

  it('asks for the IMEI, explains *#06#, and refuses a wrong check digit before sending', async () => {
    await renderPage();
    await fillValidPhoneWithPhoto();
    const imei = screen.getByLabelText('IMEI');
    expect(imei).toHaveAccessibleDescription(/Dial \*#06# on the phone/);
    await userEvent.clear(imei);
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(imei).toHaveAccessibleDescription(/Enter the phone's IMEI/));
    await userEvent.type(imei, '352099001761482');
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(imei).toHaveAccessibleDescription(/This IMEI is not valid: check its last digit/));
    await userEvent.clear(imei);
    await userEvent.type(imei, '35209900176148');
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(imei).toHaveAccessibleDescription(/IMEI must be 15 digits/));
    expect(calls.some((call) => call.url === '/addedproducts')).toBe(false);
  });

  it('shows why the API refused the phone beside the IMEI (already listed), keeping the form', async () => {
    const message = 'This phone is already listed on PhoneHaat; contact support if it is yours';
    mockApi({ 'GET /me/phone': verifiedPhone,
      'GET /productbrandname': [apple],
      'POST /addedproducts': [409, { statusCode: 409, message, fields: [{ field: 'imei', message }] }],
      'POST /uploads': [201, photo(1)],
    });
    await renderPage();
    await fillValidPhoneWithPhoto();
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('IMEI')).toHaveAccessibleDescription(new RegExp(message));
    expect(screen.getByLabelText('IMEI')).toHaveValue('35-209900-176148-1');
  });

  it("shows the server's message beside the field it names, and keeps the input", async () => {
    mockApi({ 'GET /me/phone': verifiedPhone,
      'GET /productbrandname': [apple],
      'POST /addedproducts': [400, { statusCode: 400, message: 'Choose a brand from the list', fields: [{ field: 'brandId', message: 'Choose a brand from the list' }] }],
      'POST /uploads': [201, photo(1)],
    });
    await renderPage();
    await fillValidPhoneWithPhoto();
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a brand from the list');
    expect(screen.getByLabelText('Brand')).toHaveAccessibleDescription('Choose a brand from the list');
    expect(screen.getByLabelText('Product name')).toHaveValue('iPhone 12 128GB');
  });

  it('will not send a phone without a photo, or while a photo is still uploading', async () => {
    let finish: (reply: [number, unknown]) => void = () => undefined;
    calls = mockApi({ 'GET /me/phone': verifiedPhone,
      'GET /productbrandname': [apple],
      'POST /uploads': () => new Promise((resolve) => (finish = resolve)),
    });
    await renderPage();
    await fillValidPhone();
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Photos' })).toHaveTextContent('Add at least one photo'));
    expect(calls.some((call) => call.url === '/addedproducts')).toBe(false);

    await chooseFiles(file('front.jpg'));
    expect(await screen.findByRole('progressbar', { name: 'Uploading photo 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Uploading photos…' })).toBeDisabled();
    // The seller's own file shows at once; once uploaded, the server's small copy.
    const list = screen.getByRole('list', { name: 'Your photos' });
    expect(within(list).getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', 'blob:front.jpg');
    finish([201, photo(1)]);
    expect(await screen.findByRole('button', { name: 'Add product' })).toBeEnabled();
    expect(within(list).getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', photo(1).small);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('takes photos dropped on it (a desktop), and leaves out files that are not photos', async () => {
    await renderPage();
    const zone = screen.getByText('or drop them here').parentElement!;
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.drop(zone, { dataTransfer: { files: [file('a.jpg'), notes, file('b.jpg')] } });
    expect(await screen.findAllByTestId('photo-item')).toHaveLength(2);
    expect(screen.getByText('Only photos can be added (JPEG, PNG, WebP or HEIC).')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Remove photo 2' });
    expect(calls.filter((call) => call.url === '/uploads')).toHaveLength(2);
  });

  it('shows why an upload was refused, and lets the seller remove it; at most six photos', async () => {
    mockApi({ 'GET /me/phone': verifiedPhone,
      'GET /productbrandname': [apple],
      'POST /uploads': [415, { statusCode: 415, message: 'Only JPEG, PNG, WebP or HEIC photos can be uploaded' }],
    });
    await renderPage();
    await chooseFiles(file('notes.jpg'));
    const list = await screen.findByRole('list', { name: 'Your photos' });
    expect(await within(list).findByRole('alert')).toHaveTextContent('Only JPEG, PNG, WebP or HEIC photos');
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.queryByRole('list', { name: 'Your photos' })).not.toBeInTheDocument();

    await chooseFiles(...Array.from({ length: 7 }, (_, i) => file(`p${i}.jpg`)));
    expect(await screen.findAllByTestId('photo-item')).toHaveLength(6);
    expect(screen.getByText('A listing has at most 6 photos.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose photos' })).not.toBeInTheDocument();
  });

  it('previews the card as buyers will see it', async () => {
    await renderPage();
    const preview = screen.getByRole('complementary', { name: 'Preview as buyers will see it' });
    await userEvent.type(screen.getByLabelText('Product name'), 'Pixel 6a');
    await userEvent.type(screen.getByLabelText('Resale price (Tk)'), '22500');
    expect(preview).toHaveTextContent('Pixel 6a');
    expect(preview).toHaveTextContent('Tk 22,500');
  });
});

describe('the price guide in Add a product', () => {
  const guide = (condition: string, low: number, high: number) => ({
    model: 'iPhone 12 128GB',
    condition,
    usedYear: 2021,
    source: 'sales',
    count: 9,
    trimmed: 0,
    median: (low + high) / 2,
    low,
    high,
    distribution: [],
    weekly: [],
  });

  it('says what phones like yours sold for once brand, name, condition and year are in, following changes, and notes a price far above', async () => {
    calls = mockApi({ 'GET /me/phone': verifiedPhone,
      'GET /productbrandname': [apple],
      'GET /price-guide': ({ url }) => {
        const condition = new URL(url, 'http://api.test').searchParams.get('condition')!;
        return condition === 'Fair' ? guide('Fair', 30000, 34000) : guide(condition, 38000, 44000);
      },
    });
    await renderPage();
    await userEvent.type(screen.getByLabelText('Product name'), 'iPhone 12 128GB');
    await userEvent.selectOptions(await screen.findByLabelText('Brand'), 'Apple');
    await userEvent.selectOptions(screen.getByLabelText('Condition'), 'Good');
    expect(screen.getByTestId('price-hint')).toBeEmptyDOMElement(); // no year yet: nothing asked
    await userEvent.type(screen.getByLabelText('Year of purchase'), '2021');
    const hint = screen.getByTestId('price-hint');
    await waitFor(() => expect(hint).toHaveTextContent('Phones like yours sold for Tk 38,000–Tk 44,000 (typical Tk 41,000), from 9 sales in the last 90 days.'));
    expect(calls.filter((call) => call.url.startsWith('/price-guide'))).toHaveLength(1);

    await userEvent.selectOptions(screen.getByLabelText('Condition'), 'Fair');
    await waitFor(() => expect(hint).toHaveTextContent('Tk 30,000–Tk 34,000'));
    await userEvent.type(screen.getByLabelText('Resale price (Tk)'), '60000');
    expect(hint).toHaveTextContent('Your price is well above what phones like yours go for (up to Tk 34,000). You can still list it at this price.');
    // A note, never a block: the price field has no error.
    expect(screen.getByLabelText('Resale price (Tk)')).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe("PhoneHaat's fee in Add a product", () => {
  it('says what the seller will receive for the price typed, after the fee their next sale carries', async () => {
    calls = mockApi({ 'GET /me/phone': verifiedPhone, 'GET /productbrandname': [apple], 'GET /fees/mine': { percent: 2, lowerFeeSalesLeft: 3 } });
    await renderPage();
    expect(screen.queryByTestId('you-receive')).not.toBeInTheDocument(); // no price yet
    await userEvent.type(screen.getByLabelText('Resale price (Tk)'), '12345');
    expect(await screen.findByTestId('you-receive')).toHaveTextContent(
      "You will receive Tk 12,098.10 after PhoneHaat's fee of 2%. Your next 3 sales carry the lower fee for new sellers.",
    );
  });
});
