import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PayoutWallet, SellerListing } from '@phonehaat/shared-api';
import { activateLanguage, loadCatalogs, ToastHost } from '@phonehaat/shared-ui';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi, type RecordedCall } from '@phonehaat/shared-data/testing';
import MyProductsPage from './my-products-page';

const product = (overrides: Partial<SellerListing>): SellerListing => ({
  _id: 'a0000000-0000-4000-8000-000000000001',
  name: 'Galaxy A54',
  img: 'http://localhost:4100/images/products/galaxy-a54.svg',
  photos: [],
  brandId: 'b0000000-0000-4000-8000-000000000001',
  brandName: 'Samsung',
  condition: 'Excellent',
  resalePrice: 34000,
  originalPrice: 49999,
  usedYear: 2024,
  location: 'Uttara, Dhaka',
  description: '',
  sellerName: 'Karim Hossain',
  sellerId: 'e0000000-0000-4000-8000-000000000001',
  sellerVerified: true,
  sellerPhoneVerified: false,
  sellerRating: null,
  sellerReviews: 0,
  imeiChecked: false,
  openToOffers: false,
  courier: false,
  status: 'available',
  advertised: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  bookings: 0,
  removedReason: null,
  imeiLast4: null,
  lowestOffer: null,
  ...overrides,
});

const available = product({ _id: 'a0000000-0000-4000-8000-000000000001', name: 'Galaxy A54' });
const advertised = product({ _id: 'a0000000-0000-4000-8000-000000000002', name: 'Pixel 8', advertised: true });
const sold = product({ _id: 'a0000000-0000-4000-8000-000000000003', name: 'iPhone 11', status: 'sold' });

const noReviews = { reviews: [], total: 0, page: 1, limit: 10 };
let calls: RecordedCall[];
const page = () =>
  render(
    <MemoryRouter>
      <MyProductsPage />
      <ToastHost />
    </MemoryRouter>,
  );
const row = (name: string) => screen.getAllByTestId('my-product').find((item) => item.textContent?.includes(name))!;

beforeEach(() => {
  setSession({ role: 'Seller', email: 'karim@example.com' });
  calls = mockApi({
    'GET /addedproducts': [available, advertised, sold],
    'DELETE /postedproduct/a0000000-0000-4000-8000-000000000001': { deletedCount: 1 },
    'POST /advertisedproducts': { acknowledged: true },
  });
});

const photo = (n: number) => ({
  _id: `c0000000-0000-4000-8000-00000000000${n}`,
  small: `http://api.test/photos/${String(n).repeat(64)}-320.webp`,
  medium: `http://api.test/photos/${String(n).repeat(64)}-800.webp`,
  large: `http://api.test/photos/${String(n).repeat(64)}-1600.webp`,
  width: 1600,
  height: 1200,
});

describe('My Product', () => {
  it('adds the payout wallet where sold phones’ money goes, typed twice', async () => {
    let wallet: PayoutWallet | null = null;
    const made = mockApi({
      'GET /addedproducts': [],
      'GET /me/reviews': noReviews,
      'GET /payout-wallet': () => wallet,
      'PUT /payout-wallet': () => (wallet = { method: 'bkash', number: '01812345678', confirmedAt: '2026-11-25T10:00:00.000Z' }),
      'GET /me/phone': { phone: '01711234567', verifiedAt: '2026-11-01T10:00:00.000Z' },
      'POST /me/phone/confirmation': [201, { verificationId: 'c0000000-0000-4000-8000-000000000001', phoneEnding: '567' }],
    });
    page();
    const form = await screen.findByRole('form', { name: 'Payout wallet' });
    await userEvent.type(within(form).getByLabelText('bKash number'), '01812345678');
    await userEvent.type(within(form).getByLabelText('bKash number again'), '01812345678');
    await userEvent.click(within(form).getByRole('button', { name: 'Save payout wallet' }));
    // Confirmed with a fresh code to the seller's verified number.
    await userEvent.type(await within(form).findByLabelText('Code sent to your number'), '135790');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm and save' }));
    expect(await screen.findByText('Payouts go to bKash 01812345678.')).toBeInTheDocument();
    expect(made.find((call) => call.method === 'PUT')?.body).toEqual({
      number: '01812345678',
      repeat: '01812345678',
      confirmation: { verificationId: 'c0000000-0000-4000-8000-000000000001', code: '135790' },
    });
    expect(screen.getByRole('link', { name: 'See your earnings and payouts' })).toHaveAttribute('href', '/dashboard/earnings');
  });

  it('says why PhoneHaat removed a listing, and offers nothing to do with it', async () => {
    mockApi({ 'GET /addedproducts': [product({ name: 'Galaxy S23', removedReason: 'Reported as stolen' })] });
    page();
    const [row] = await screen.findAllByTestId('my-product');
    expect(row).toHaveTextContent('Removed by PhoneHaat: Reported as stolen');
    expect(within(row!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows who booked a phone, the paid booking first: sold to whom, for how much, when and where', async () => {
    const booking = (n: number, paid: boolean) => ({
      _id: `d0000000-0000-4000-8000-00000000000${n}`,
      buyerName: paid ? 'Rafiq Islam' : 'Tanvir Ahmed',
      buyerEmail: paid ? 'rafiq@example.com' : 'tanvir@example.com',
      phone: '01811-000111',
      meetingLocation: paid ? 'Banani, Dhaka' : 'Uttara, Dhaka',
      createdAt: '2026-11-10T10:00:00.000Z',
      paid,
      amount: paid ? 34000 : null,
      paidAt: paid ? '2026-11-12T10:00:00.000Z' : null,
      cancelled: false,
      sale: paid ? { fee: 680, receives: 33320, releaseAt: '2026-11-19T10:00:00.000Z', releasedAt: null } : null,
    });
    mockApi({
      'GET /addedproducts': [product({ bookings: 2, status: 'sold' })],
      [`GET /addedproducts/${available._id}/bookings`]: [booking(1, false), booking(2, true)],
    });
    page();
    expect((await screen.findAllByTestId('my-product'))[0]).toHaveTextContent('2 bookings');
    await userEvent.click(screen.getByRole('button', { name: 'Bookings (2) of Galaxy A54' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bookings of Galaxy A54' });
    const items = await within(dialog).findAllByTestId('listing-booking');
    expect(items[0]).toHaveTextContent('Sold to Rafiq Islam, paid Tk 34,000 on 12 November 2026: meet at Banani, Dhaka');
    expect(items[1]).toHaveTextContent('Tanvir Ahmed');
    expect(items[1]).toHaveTextContent('Not paid yet');
    expect(within(items[1]!).getByRole('link', { name: '01811-000111' })).toHaveAttribute('href', 'tel:01811000111');

    // The sale's money is held: what the seller receives after the fee, and the buyer's code to release it.
    expect(items[0]).toHaveTextContent("you receive Tk 33,320 (after PhoneHaat's fee of Tk 680)");
    expect(items[0]).toHaveTextContent('released to you on 19 November 2026');
    expect(within(items[1]!).queryByLabelText("Buyer's handover code")).not.toBeInTheDocument();
  });

  it("says each booking's price (the agreed one said so), and a buyer's number in Bangla digits with no empty brackets for a buyer without e-mail (issue 65)", async () => {
    mockApi({
      'GET /addedproducts': [product({ bookings: 1 })],
      [`GET /addedproducts/${available._id}/bookings`]: [
        { _id: 'd0000000-0000-4000-8000-000000000001', buyerId: 'e0000000-0000-4000-8000-000000000001', buyerName: 'Rafiq Islam', buyerEmail: null, phone: '01811-000111', meetingLocation: 'Banani, Dhaka', price: 30_500, agreed: true, delivery: null, createdAt: '2026-11-10T10:00:00.000Z', paid: false, amount: null, paidAt: null, cancelled: false, sale: null },
      ],
    });
    await loadCatalogs('bn');
    act(() => activateLanguage('bn'));
    try {
      page();
      await userEvent.click(await screen.findByRole('button', { name: /^Galaxy A54 এর বুকিং/ }));
      const [item] = await within(await screen.findByRole('dialog')).findAllByTestId('listing-booking');
      expect(item).toHaveTextContent('৳৩০,৫০০, আপনার মেনে নেওয়া দাম');
      expect(item).not.toHaveTextContent('()');
      expect(within(item!).getByRole('link', { name: '০১৮১১-০০০১১১' })).toHaveAttribute('href', 'tel:01811000111');
    } finally {
      act(() => activateLanguage('en'));
    }
  });

  it("releases a held sale with the buyer's code, and says why a code is refused", async () => {
    const sale = (releasedAt: string | null) => ({
      _id: 'd0000000-0000-4000-8000-000000000002',
      buyerId: 'e0000000-0000-4000-8000-000000000002',
      buyerName: 'Rafiq Islam',
      buyerEmail: 'rafiq@example.com',
      phone: '01811-000111',
      meetingLocation: 'Banani, Dhaka',
      createdAt: '2026-11-10T10:00:00.000Z',
      paid: true,
      amount: 34000,
      paidAt: '2026-11-12T10:00:00.000Z',
      cancelled: false,
      sale: { fee: 680, receives: 33320, releaseAt: '2026-11-19T10:00:00.000Z', releasedAt },
    });
    let released = false;
    calls = mockApi({
      'GET /addedproducts': [product({ bookings: 1, status: 'sold' })],
      [`GET /addedproducts/${available._id}/bookings`]: () => [sale(released ? '2026-11-13T10:00:00.000Z' : null)],
      'POST /bookings/d0000000-0000-4000-8000-000000000002/handover': ({ body }) => {
        if ((body as { code: string }).code !== '482913') return [400, { message: "That is not the buyer's code: 4 tries left" }];
        released = true;
        return { released: true };
      },
    });
    page();
    await userEvent.click(await screen.findByRole('button', { name: 'Bookings (1) of Galaxy A54' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bookings of Galaxy A54' });
    const code = await within(dialog).findByLabelText("Buyer's handover code");
    await userEvent.type(code, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release the payment' }));
    expect(await within(dialog).findByText('The code is six digits, like 482917')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/handover'))).toBe(false);
    await userEvent.clear(code);
    await userEvent.type(code, '111111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release the payment' }));
    expect(await within(dialog).findByText("That is not the buyer's code: 4 tries left")).toBeInTheDocument();
    await userEvent.clear(code);
    // Typed on a Bangla keyboard, with a space: sent as the six Latin digits.
    await userEvent.type(code, '৪৮২ ৯১৩');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release the payment' }));
    expect(await within(dialog).findByText('Released to you: Tk 33,320 on 13 November 2026.')).toBeInTheDocument();
  });

  it("edits a listing's photos: reorder, remove, and save them in the new order", async () => {
    calls = mockApi({
      'GET /addedproducts': [{ ...available, photos: [photo(1), photo(2), photo(3)], img: photo(1).medium }, sold],
      [`PUT /addedproducts/${available._id}/photos`]: ({ body }) => {
        const ids = (body as { photos: string[] }).photos;
        const photos = ids.map((id) => [photo(1), photo(2), photo(3)].find((p) => p._id === id)!);
        return { img: photos[0]!.medium, photos };
      },
    });
    page();
    await screen.findAllByTestId('my-product');
    expect(within(row('iPhone 11')).queryByRole('button', { name: /Photos/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Photos of Galaxy A54' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photos of Galaxy A54' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move photo 3 earlier' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo 1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save photos' }));
    expect(await screen.findByText('Photos saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ photos: [photo(3)._id, photo(2)._id] });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The row shows the new cover (its image is decorative: the name is beside it).
    expect(row('Galaxy A54').querySelector('img')).toHaveAttribute('src', photo(3).medium);
  });

  it('lists the phones with their price, status and whether advertised', async () => {
    page();
    await screen.findAllByTestId('my-product');
    expect(calls.map((call) => call.url)).toContain('/addedproducts?email=karim%40example.com');
    expect(row('Galaxy A54')).toHaveTextContent('Tk 34,000');
    expect(row('Galaxy A54')).toHaveTextContent('Available');
    expect(row('Galaxy A54')).toHaveTextContent('No bookings yet');
    expect(row('Pixel 8')).toHaveTextContent('Advertised');
    expect(row('iPhone 11')).toHaveTextContent('Sold');
    // Advertise only for an available phone not yet advertised.
    expect(within(row('Galaxy A54')).getByRole('button', { name: 'Advertise Galaxy A54' })).toBeInTheDocument();
    expect(within(row('Pixel 8')).queryByRole('button', { name: /Advertise/ })).not.toBeInTheDocument();
    expect(within(row('iPhone 11')).queryByRole('button', { name: /Advertise/ })).not.toBeInTheDocument();
  });

  it('changes a price, refusing one above the original before asking the server', async () => {
    calls = mockApi({ 'GET /addedproducts': [available], 'PUT /addedproducts/a0000000-0000-4000-8000-000000000001/price': { _id: available._id, resalePrice: 31000 } });
    page();
    await screen.findAllByTestId('my-product');
    await userEvent.click(screen.getByRole('button', { name: 'Change the price of Galaxy A54' }));
    const dialog = screen.getByRole('dialog', { name: 'The price of Galaxy A54' });
    const field = within(dialog).getByLabelText('Asking price (Tk)');
    await userEvent.clear(field);
    await userEvent.type(field, '60000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The price cannot be more than the original price, Tk 49,999')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, '31,000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Price changed')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ resalePrice: 31000 });
    expect(row('Galaxy A54')).toHaveTextContent('Tk 31,000');
  });

  it("adds a phone's IMEI from My Product: checked before sending, the server's refusal shown, then its last 4 digits", async () => {
    let answer: [number, unknown] = [409, { statusCode: 409, message: 'This phone is already listed on PhoneHaat; contact support if it is yours' }];
    calls = mockApi({
      'GET /addedproducts': [available, product({ _id: 'a0000000-0000-4000-8000-000000000004', name: 'Redmi 12', imeiLast4: '4821', imeiChecked: true })],
      'PUT /addedproducts/a0000000-0000-4000-8000-000000000001/imei': () => answer,
    });
    page();
    await screen.findAllByTestId('my-product');
    expect(row('Redmi 12')).toHaveTextContent('IMEI •••• 4821');
    expect(within(row('Redmi 12')).queryByRole('button', { name: /IMEI/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add IMEI: Galaxy A54' }));
    const dialog = screen.getByRole('dialog', { name: 'IMEI of Galaxy A54' });
    const field = within(dialog).getByLabelText('IMEI');
    await userEvent.type(field, '352099001761482');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save IMEI' }));
    await within(dialog).findByText('This IMEI is not valid: check its last digit');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, '35 209900 176148 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save IMEI' }));
    await within(dialog).findByText('This phone is already listed on PhoneHaat; contact support if it is yours');
    answer = [200, { imeiLast4: '1481' }];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save IMEI' }));
    expect(await screen.findByText('IMEI saved: buyers now see “IMEI checked”')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ imei: '352099001761481' });
    expect(row('Galaxy A54')).toHaveTextContent('IMEI •••• 1481');
    expect(within(row('Galaxy A54')).queryByRole('button', { name: 'Add IMEI: Galaxy A54' })).not.toBeInTheDocument();
  });

  it('advertises a phone and says so', async () => {
    page();
    await screen.findAllByTestId('my-product');
    await userEvent.click(screen.getByRole('button', { name: 'Advertise Galaxy A54' }));
    expect(await screen.findByText('Successfully Advertised')).toBeInTheDocument();
    expect(row('Galaxy A54')).toHaveTextContent('Advertised');
    expect(calls.find((c) => c.url === '/advertisedproducts')?.body).toEqual({ id: available._id });
  });

  it('deletes only after confirming, then updates the list without a reload', async () => {
    page();
    await screen.findAllByTestId('my-product');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Galaxy A54' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Galaxy A54?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(row('Galaxy A54')).toBeDefined();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Galaxy A54' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument();
    expect(screen.getAllByTestId('my-product')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'GET' && c.url.startsWith('/addedproducts'))).toHaveLength(1);
  });

  it("keeps the phone and shows the server's reason when a delete is refused", async () => {
    mockApi({
      'GET /addedproducts': [available],
      'DELETE /postedproduct/a0000000-0000-4000-8000-000000000001': [403, { statusCode: 403, message: 'You are not allowed to do this' }],
    });
    page();
    await screen.findAllByTestId('my-product');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Galaxy A54' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You are not allowed to do this')).toBeInTheDocument();
    expect(screen.getAllByTestId('my-product')).toHaveLength(1);
  });

  it('shows what buyers said and lets the seller reply once to each review', async () => {
    const review = { _id: 'f0000000-0000-4000-8000-000000000001', stars: 4, comment: 'Good phone, came late', buyerName: 'Tanvir A.', productName: 'Pixel 8', createdAt: '2026-11-20T10:00:00.000Z', editedAt: null, reply: null, repliedAt: null };
    calls = mockApi({
      'GET /addedproducts': [available],
      'GET /me/reviews': { reviews: [review, { ...review, _id: 'f0000000-0000-4000-8000-000000000002', reply: 'Thanks!', repliedAt: '2026-11-21T10:00:00.000Z' }], total: 2, page: 1, limit: 10 },
      'POST /reviews/f0000000-0000-4000-8000-000000000001/reply': { modifiedCount: 1 },
    });
    page();
    const [first, second] = await screen.findAllByTestId('my-review');
    expect(first).toHaveTextContent('4 out of 5 stars');
    expect(first).toHaveTextContent('Tanvir A. bought Pixel 8');
    expect(first).toHaveTextContent('Good phone, came late');
    expect(second).toHaveTextContent('Your reply: Thanks!');
    expect(within(second!).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
    await userEvent.click(within(first!).getByRole('button', { name: 'Reply' }));
    expect(within(first!).getByLabelText('Your reply')).toHaveAccessibleDescription(/Write a reply first/);
    await userEvent.type(within(first!).getByLabelText('Your reply'), 'Sorry for the delay');
    await userEvent.click(within(first!).getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('Reply posted')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reply: 'Sorry for the delay' });
    expect(first).toHaveTextContent('Your reply: Sorry for the delay');
  });

  it('offers to add a first phone when there are none, and a retry on failure', async () => {
    let fail = true;
    mockApi({ 'GET /addedproducts': () => (fail ? [500, { message: 'Something went wrong on our side' }] : []), 'GET /me/reviews': noReviews });
    page();
    expect(screen.getByLabelText('Loading your phones')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no phones listed')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add a product' })[0]).toHaveAttribute('href', '/dashboard/addproduct');
  });
});
