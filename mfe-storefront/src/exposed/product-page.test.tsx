import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product, ProductDetail } from '@phonehaat/shared-api';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi } from '@phonehaat/shared-data/testing';
import { appleId, listing, photo } from '../test/listing';
import { priceGuide } from '../test/price-guide';
import { structuredDataErrors } from '../test/structured-data';
import ProductPage, { loader } from './product-page';

const brandId = appleId;
const detail = (overrides: Partial<ProductDetail> = {}): ProductDetail => ({
  ...listing(1, {
    name: 'iPhone 13 Pro 256GB',
    condition: 'Excellent',
    resalePrice: 68000,
    originalPrice: 86999,
    usedYear: 2022,
    location: 'Dhanmondi, Dhaka',
    description: 'Battery health 88%.\nBox included.',
    sellerVerified: true,
    sellerPhoneVerified: true,
    imeiChecked: false,
    openToOffers: false,
    courier: false,
  }),
  sellerSince: '2025-03-10T08:00:00.000Z',
  ownListing: false,
  keptFor: null,
  updatedAt: '2026-11-20T08:00:00.000Z',
  shareImage: {
    en: 'http://localhost:4100/product/e0000000-0000-4000-8000-000000000001/share-image.jpg?lang=en&v=mh1',
    bn: 'http://localhost:4100/product/e0000000-0000-4000-8000-000000000001/share-image.jpg?lang=bn&v=mh1',
  },
  ...overrides,
});
const id = detail()._id;
const similar = (i: number): Product => listing(10 + i, { name: `iPhone 13 ${i}` });

const renderPage = (path = `/product/${id}`) => {
  const router = createMemoryRouter(
    [
      { path: '/product/:id', element: <ProductPage />, loader },
      { path: '/products/:id', element: <p>brand page</p> },
      { path: '/search', element: <p>search page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => setSession({ role: 'Buyer' }));

describe('the product page', () => {
  it('lets a buyer report the listing: a reason is required, and a second report is answered kindly', async () => {
    let answer: [number, unknown] = [201, { acknowledged: true, insertedId: 'e0000000-0000-4000-8000-000000000001' }];
    const calls = mockApi({ [`GET /product/${id}`]: detail(), [`GET /product/${id}/similar`]: [], 'POST /reports': () => answer });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Report this listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report iPhone 13 Pro 256GB' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason');
    expect(calls.some((call) => call.url === '/reports')).toBe(false);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Suspected stolen' }));
    await userEvent.type(within(dialog).getByLabelText(/Anything the team should know/), 'IMEI is blacklisted');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.url === '/reports')?.body).toEqual({ productId: id, reason: 'stolen', note: 'IMEI is blacklisted' });

    answer = [409, { statusCode: 409, message: 'You already reported this listing' }];
    await userEvent.click(screen.getByRole('button', { name: 'Report this listing' }));
    const again = await screen.findByRole('dialog', { name: 'Report iPhone 13 Pro 256GB' });
    await userEvent.click(within(again).getByRole('radio', { name: 'Scam or fake' }));
    await userEvent.click(within(again).getByRole('button', { name: 'Send report' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent('You already reported this listing. The team will look at it.');
  });

  it('says "IMEI checked" on a listing whose IMEI passed the checks, and nothing on one without', async () => {
    mockApi({ [`GET /product/${id}`]: detail({ imeiChecked: true }), [`GET /product/${id}/similar`]: [] });
    renderPage();
    const badge = await screen.findByTitle('Its IMEI is a valid number, not reported stolen, and on no other listing');
    expect(badge).toHaveTextContent('IMEI checked');
  });

  it("warns plainly of a price far below the guide's range that PhoneHaat has not reviewed, with the range; none without (issue 70)", async () => {
    mockApi({ [`GET /product/${id}`]: detail({ priceWarning: { low: 31_250, high: 33_750 } }), [`GET /product/${id}/similar`]: [] });
    renderPage();
    const warning = await screen.findByRole('note', { name: 'This price is far below what phones like this sell for' });
    expect(warning).toHaveTextContent('Phones like this one usually go for Tk 31,250 to Tk 33,750, and PhoneHaat has not checked this listing yet.');
    expect(warning).toHaveTextContent('never an advance to a personal number');
  });

  it('shows no price warning on a listing without one', async () => {
    mockApi({ [`GET /product/${id}`]: detail(), [`GET /product/${id}/similar`]: [] });
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('price-warning')).not.toBeInTheDocument();
  });

  it('shows no IMEI badge on a listing without a checked IMEI', async () => {
    mockApi({ [`GET /product/${id}`]: detail(), [`GET /product/${id}/similar`]: [] });
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('IMEI checked')).not.toBeInTheDocument();
  });

  it('offers no report to the listing’s own seller', async () => {
    mockApi({ [`GET /product/${id}`]: detail({ ownListing: true }), [`GET /product/${id}/similar`]: [] });
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Report this listing' })).not.toBeInTheDocument();
  });

  it('shows a gallery: thumbnails, arrow buttons and keys, a swipe, and a full-size view', async () => {
    const photos = [photo(1), photo(2), photo(3)];
    mockApi({ [`GET /product/${id}`]: detail({ photos, img: photos[0]!.medium }), [`GET /product/${id}/similar`]: [] });
    renderPage();
    const gallery = await screen.findByRole('region', { name: 'Photos of iPhone 13 Pro 256GB' });
    const main = () => within(gallery).getByRole('img', { name: /iPhone 13 Pro 256GB, photo \d of 3/ });
    expect(main()).toHaveAttribute('src', photos[0]!.medium);
    expect(main()).toHaveAttribute('srcset', expect.stringContaining(`${photos[0]!.small} 320w`));
    expect(main()).toHaveAttribute('fetchpriority', 'high');
    expect(within(gallery).getAllByRole('button', { name: /^Photo \d of 3$/ })).toHaveLength(3);

    await userEvent.click(within(gallery).getByRole('button', { name: 'Next photo' }));
    expect(main()).toHaveAttribute('src', photos[1]!.medium);
    expect(within(gallery).getByRole('button', { name: 'Photo 2 of 3' })).toHaveAttribute('aria-current', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(main()).toHaveAttribute('src', photos[2]!.medium);
    await userEvent.keyboard('{ArrowRight}');
    expect(main()).toHaveAttribute('src', photos[0]!.medium);
    await userEvent.click(within(gallery).getByRole('button', { name: 'Photo 3 of 3' }));
    expect(main()).toHaveAttribute('src', photos[2]!.medium);

    // A finger swiping right goes back one photo.
    const stage = main().closest('button')!.parentElement!;
    fireEvent.pointerDown(stage, { clientX: 50 });
    fireEvent.pointerUp(stage, { clientX: 200 });
    expect(main()).toHaveAttribute('src', photos[1]!.medium);

    await userEvent.click(within(gallery).getByRole('button', { name: 'Photo 2 of 3: open full size' }));
    const full = await screen.findByRole('dialog', { name: 'iPhone 13 Pro 256GB: photo 2 of 3' });
    expect(within(full).getByRole('img')).toHaveAttribute('src', photos[1]!.large);
  });

  it('shows the phone whole: photo, prices with the saving, facts, seller, description and similar phones', async () => {
    mockApi({ [`GET /product/${id}`]: detail(), [`GET /product/${id}/similar`]: [similar(1), similar(2)] });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'iPhone 13 Pro 256GB' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'iPhone 13 Pro 256GB' })).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByText('You save Tk 18,999 (22% off the new price)')).toBeInTheDocument();
    const facts = screen.getByRole('article', { name: 'iPhone 13 Pro 256GB' });
    expect(within(facts).getByText('Year of purchase').nextSibling).toHaveTextContent('2022');
    expect(within(facts).getByText('Location').nextSibling).toHaveTextContent('Dhanmondi, Dhaka');
    const seller = screen.getByRole('region', { name: 'Seller' });
    expect(seller).toHaveTextContent('Karim Hossain');
    expect(within(seller).getByText('Verified seller')).toBeInTheDocument();
    expect(within(seller).getByText('Phone number verified')).toBeInTheDocument();
    expect(seller).toHaveTextContent(/On PhoneHaat since March 2025/);
    expect(screen.getByRole('region', { name: 'About this phone' })).toHaveTextContent('Battery health 88%.');
    const more = screen.getByRole('region', { name: 'Similar phones' });
    expect(within(more).getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Apple' })).toHaveAttribute('href', `/products/${brandId}`);
  });

  it('books the phone with the booking dialog', async () => {
    const user = userEvent.setup();
    mockApi({ [`GET /product/${id}`]: detail(), [`GET /product/${id}/similar`]: [] });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Book Now' }));
    expect(screen.getByRole('dialog', { name: 'Book iPhone 13 Pro 256GB' })).toBeInTheDocument();
    expect(screen.getByText(/No other Apple phones are on sale right now/)).toBeInTheDocument();
  });

  it('says a sold phone is sold, offers no booking, and still shows similar ones', async () => {
    mockApi({ [`GET /product/${id}`]: detail({ status: 'sold' }), [`GET /product/${id}/similar`]: [similar(1)] });
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent('This phone has been sold');
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Similar phones' })).getAllByRole('article')).toHaveLength(1);
  });

  it("tells a seller it is their own listing instead of offering to book it", async () => {
    mockApi({ [`GET /product/${id}`]: detail({ ownListing: true }), [`GET /product/${id}/similar`]: [] });
    renderPage();
    expect(await screen.findByText(/This is your listing/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('shows "not found" for an unknown id, not the offline page', async () => {
    mockApi({
      [`GET /product/${id}`]: [404, { statusCode: 404, message: 'Product not found' }],
      [`GET /product/${id}/similar`]: [404, { statusCode: 404, message: 'Product not found' }],
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: "We couldn't find this phone" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search phones' })).toHaveAttribute('href', '/search');
  });

  it('shows "not found" for a malformed id too', async () => {
    mockApi({
      'GET /product/nonsense': [400, { statusCode: 400, message: 'params.id: must be a valid id' }],
      'GET /product/nonsense/similar': [400, { statusCode: 400, message: 'params.id: must be a valid id' }],
    });
    renderPage('/product/nonsense');
    expect(await screen.findByRole('heading', { name: "We couldn't find this phone" })).toBeInTheDocument();
  });
});

describe("the phone's price guide", () => {
  const guide = priceGuide;

  it('says the typical price, the range, how many sales it is from and where this phone sits, with its charts as tables too', async () => {
    mockApi({ [`GET /product/${id}`]: detail(), [`GET /product/${id}/similar`]: [], [`GET /product/${id}/price-guide`]: guide() });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Is this a fair price?' });
    expect(section).toHaveTextContent('Typical price for iPhone 13 Pro 256GB in Excellent condition: Tk 72,000 (most between Tk 68,000 and Tk 76,000), from 14 sales in the last 90 days.');
    expect(within(section).getByTestId('price-guide-where')).toHaveTextContent('This phone is Tk 4,000 below typical.');
    expect(within(section).getByRole('img', { name: /^Bars of how many of the 14 prices fall in each price band/ })).toBeInTheDocument();
    expect(within(section).getByRole('row', { name: 'Tk 68,000–Tk 71,999 (this phone) 4' })).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: /^A line of the median sale price per week/ })).toBeInTheDocument();
    expect(within(section).getByRole('table', { name: 'Median sale price per week' })).toHaveTextContent('Tk 71,000');
    // The bars drawn say how many each holds, over an axis of round prices under every other bar (issue 65).
    const bars = within(section).getByRole('img', { name: /^Bars of how many/ });
    expect(bars).toHaveTextContent('12452');
    expect(section).toHaveTextContent('Tk 60kTk 68kTk 76k');
    expect(section).toHaveTextContent('▲ this phone');
  });

  it('says there is no figure rather than guessing, and the page shows without a guide it cannot get', async () => {
    mockApi({ [`GET /product/${id}`]: detail(), [`GET /product/${id}/similar`]: [], [`GET /product/${id}/price-guide`]: guide({ source: null, count: 0, median: null, low: null, high: null, distribution: [], weekly: [] }) });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Is this a fair price?' });
    expect(section).toHaveTextContent('Not enough sales or listings of iPhone 13 Pro 256GB in Excellent condition yet to say what it usually sells for.');
    expect(within(section).queryByRole('img')).not.toBeInTheDocument();
  });

  it('leaves the guide out when it cannot be had, and shows the phone', async () => {
    mockApi({ [`GET /product/${id}`]: detail(), [`GET /product/${id}/similar`]: [], [`GET /product/${id}/price-guide`]: () => [500, { statusCode: 500, message: 'Internal Server Error' }] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'iPhone 13 Pro 256GB', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Is this a fair price?' })).not.toBeInTheDocument();
  });
});

describe('making an offer', () => {
  const verifiedPhone = { phone: '01712345678', verifiedAt: '2026-11-20T10:00:00.000Z' };
  const offer = (overrides: Record<string, unknown> = {}) => ({
    _id: 'f0000000-0000-4000-8000-000000000001',
    productId: id,
    productName: 'iPhone 13 Pro 256GB',
    img: detail().img,
    askingPrice: 68000,
    buyerName: 'Nusrat',
    sellerName: 'Karim',
    amount: 62000,
    round: 1,
    status: 'open',
    turn: 'seller',
    yourSide: 'buyer',
    expiresAt: '2026-11-29T10:00:00.000Z',
    reservedUntil: null,
    steps: [{ by: 'buyer', action: 'offered', amount: 62000, note: '', at: '2026-11-28T10:00:00.000Z' }],
    createdAt: '2026-11-28T10:00:00.000Z',
    ...overrides,
  });

  it('shows a typed amount (Bangla digits too) against the asking price and what most sold for, and sends it', async () => {
    const calls = mockApi({
      [`GET /product/${id}`]: detail({ openToOffers: true }),
      [`GET /product/${id}/similar`]: [],
      [`GET /product/${id}/price-guide`]: priceGuide(),
      'GET /offers': [],
      'GET /me/phone': verifiedPhone,
      'POST /offers': () => [201, offer()],
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Make an offer' });
    const amount = within(section).getByLabelText('Your offer, in taka');
    await userEvent.type(amount, '৬২,০০০');
    const guidance = within(section).getByTestId('offer-guidance');
    expect(guidance).toHaveTextContent('Tk 6,000 below the asking price.');
    expect(guidance).toHaveTextContent('Tk 10,000 below what most sold for. Most sold for Tk 68,000–Tk 76,000.');
    await userEvent.type(within(section).getByLabelText(/A note to the seller/), 'Cash today');
    await userEvent.click(within(section).getByRole('button', { name: 'Send offer' }));
    expect(await within(section).findByText(/You offered Tk 62,000: waiting for the seller's answer/)).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/offers' && call.method === 'POST')?.body).toEqual({ productId: id, amount: 62000, note: 'Cash today' });
  });

  it('refuses an amount above the asking price before sending, and says politely when the seller takes no offer that low', async () => {
    const calls = mockApi({
      [`GET /product/${id}`]: detail({ openToOffers: true }),
      [`GET /product/${id}/similar`]: [],
      [`GET /product/${id}/price-guide`]: priceGuide(),
      'GET /offers': [],
      'GET /me/phone': verifiedPhone,
      'POST /offers': () => [201, offer({ amount: 30000, status: 'declined' })],
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Make an offer' });
    const amount = within(section).getByLabelText('Your offer, in taka');
    await userEvent.type(amount, '70000');
    await userEvent.click(within(section).getByRole('button', { name: 'Send offer' }));
    expect(await within(section).findByText('An offer cannot be above the asking price (Tk 68,000)')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.clear(amount);
    await userEvent.type(amount, '30000');
    await userEvent.click(within(section).getByRole('button', { name: 'Send offer' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('the seller does not take offers this low');
  });

  it('is not offered on a phone closed to offers', async () => {
    mockApi({ [`GET /product/${id}`]: detail(), [`GET /product/${id}/similar`]: [], [`GET /product/${id}/price-guide`]: priceGuide() });
    renderPage();
    await screen.findByRole('heading', { name: 'iPhone 13 Pro 256GB' });
    expect(screen.queryByRole('region', { name: 'Make an offer' })).not.toBeInTheDocument();
  });

  it('shows a live offer where it stands instead of the form', async () => {
    mockApi({
      [`GET /product/${id}`]: detail({ openToOffers: true, keptFor: { you: true, until: '2026-11-30T10:00:00.000Z', price: 62_000 } }),
      [`GET /product/${id}/similar`]: [],
      [`GET /product/${id}/price-guide`]: priceGuide(),
      'GET /offers': [offer({ status: 'accepted', reservedUntil: '2026-11-30T10:00:00.000Z' })],
      'GET /me/phone': verifiedPhone,
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Make an offer' });
    expect(await within(section).findByRole('status')).toHaveTextContent('The seller accepted Tk 62,000: book the phone now and pay that price.');
    expect(within(section).queryByLabelText('Your offer, in taka')).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'See your offers' })).toHaveAttribute('href', '/dashboard/offers');
    // The page says the phone is kept for this buyer at that price; Book Now books it at that price, and says so.
    expect(screen.getByText(/^Kept for you at Tk 62,000, the price the seller agreed, until /)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Book Now at Tk 62,000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book iPhone 13 Pro 256GB' });
    expect(within(dialog).getByTestId('booking-price')).toHaveTextContent('Agreed priceTk 62,000');
    expect(dialog).not.toHaveTextContent('Tk 68,000');
  });

  it('reads the phone again when an offer it did not know of was accepted, and then books at the agreed price', async () => {
    let reads = 0;
    const calls = mockApi({
      // The page was read before the seller accepted; read again, the phone is kept for this buyer.
      [`GET /product/${id}`]: () => detail({ openToOffers: true, keptFor: reads++ === 0 ? null : { you: true, until: null, price: 62_000 } }),
      [`GET /product/${id}/similar`]: [],
      [`GET /product/${id}/price-guide`]: priceGuide(),
      'GET /offers': [offer({ status: 'accepted', reservedUntil: '2026-11-30T10:00:00.000Z' })],
      'GET /me/phone': verifiedPhone,
    });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Book Now at Tk 62,000' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url === `/product/${id}`)).toHaveLength(2);
  });

  it('shows a phone kept for another buyer as kept, without Book Now', async () => {
    mockApi({ [`GET /product/${id}`]: detail({ openToOffers: true, keptFor: { you: false, until: '2026-11-30T10:00:00.000Z', price: null } }), [`GET /product/${id}/similar`]: [], [`GET /product/${id}/price-guide`]: priceGuide(), 'GET /offers': [], 'GET /me/phone': verifiedPhone });
    renderPage();
    expect(await screen.findByText(/^Kept for another buyer who agreed a price with the seller, until /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Book Now/ })).not.toBeInTheDocument();
  });
});

describe('a visitor following a shared link', () => {
  it('sees the phone, with a description of it, and each step asks them to sign in and brings them back', async () => {
    setSession('signed-out');
    const calls = mockApi({ [`GET /product/${id}`]: detail({ openToOffers: true }), [`GET /product/${id}/similar`]: [], [`GET /product/${id}/price-guide`]: priceGuide() });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'iPhone 13 Pro 256GB' })).toBeInTheDocument();
    const back = `/login?from=${encodeURIComponent(`/product/${id}`)}`;
    expect(screen.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', back);
    expect(screen.getByRole('link', { name: 'Message the seller' })).toHaveAttribute('href', back);
    expect(screen.getByRole('link', { name: 'Report this listing' })).toHaveAttribute('href', back);
    expect(screen.getByText(/Sign in to book this phone, make an offer or message the seller/)).toBeInTheDocument();
    // No form that needs an account, and nothing asked of the API with a token.
    expect(screen.queryByRole('region', { name: 'Make an offer' })).not.toBeInTheDocument();
    expect(calls.every((call) => call.authorization === undefined)).toBe(true);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'iPhone 13 Pro 256GB, second-hand, Excellent condition, bought in 2022: Tk 68,000 in Dhanmondi, Dhaka. Sold by ' + detail().sellerName + ' on PhoneHaat.',
    );
  });
});

describe("a visitor's similar phones", () => {
  it("lead Book Now to sign-in and back to that phone's page; a buyer's open the booking form", async () => {
    const other = similar(1);
    const api = { [`GET /product/${id}`]: detail(), [`GET /product/${id}/similar`]: [other], [`GET /product/${id}/price-guide`]: priceGuide() };
    setSession('signed-out');
    mockApi(api);
    renderPage();
    const link = await screen.findByRole('link', { name: `Book Now: ${other.name}` });
    expect(link).toHaveAttribute('href', `/login?from=${encodeURIComponent(`/product/${other._id}`)}`);
    cleanup();
    setSession({ role: 'Buyer' });
    mockApi(api);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: `Book Now: ${other.name}` }));
    expect(await screen.findByRole('dialog', { name: `Book ${other.name}` })).toBeInTheDocument();
  });
});

describe('what chat apps and search engines read of a phone', () => {
  const meta = (key: string) => document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');

  it('carries Open Graph and Twitter card tags with the share image, and valid Product data with its Offer in BDT', async () => {
    setSession('signed-out');
    mockApi({ [`GET /product/${id}`]: detail(), [`GET /product/${id}/similar`]: [], [`GET /product/${id}/price-guide`]: priceGuide() });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'iPhone 13 Pro 256GB' });
    expect(meta('og:title')).toBe('iPhone 13 Pro 256GB — Tk 68,000');
    expect(meta('og:image')).toBe(detail().shareImage.en);
    expect(meta('og:image:width')).toBe('1200');
    expect(meta('og:image:height')).toBe('630');
    expect(meta('og:description')).toBe(meta('description'));
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('twitter:image')).toBe(detail().shareImage.en);
    expect(document.head.querySelectorAll('meta[property="og:image"]')).toHaveLength(1);

    const { products, errors } = await structuredDataErrors(document.documentElement.outerHTML);
    expect(errors).toEqual([]);
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({
      name: 'iPhone 13 Pro 256GB',
      offers: { '@type': 'Offer', price: 68000, priceCurrency: 'BDT', availability: 'https://schema.org/InStock', itemCondition: 'https://schema.org/UsedCondition' },
    });
    // The validator does judge: the same data without its price is an error.
    const script = document.querySelector('script[type="application/ld+json"]')!.textContent!;
    const priceless = `<html><body><script type="application/ld+json">${script.replace('"price":68000,', '')}</script></body></html>`;
    expect((await structuredDataErrors(priceless)).errors).toEqual([expect.stringContaining('"price" is missing')]);
  });

  it('says a sold phone is sold out, and no text of a listing can end its script', async () => {
    setSession('signed-out');
    mockApi({ [`GET /product/${id}`]: detail({ status: 'sold', description: 'Mint </script><script>alert(1)</script>' }), [`GET /product/${id}/similar`]: [] });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'iPhone 13 Pro 256GB' });
    const { products, errors } = await structuredDataErrors(document.documentElement.outerHTML);
    expect(errors).toEqual([]);
    expect(products[0]).toMatchObject({ description: 'Mint </script><script>alert(1)</script>', offers: { availability: 'https://schema.org/SoldOut' } });
    expect(document.querySelector('script[type="application/ld+json"]')!.innerHTML).not.toContain('</script>');
  });
});

describe('sharing a phone', () => {
  const original = { share: navigator.share, clipboard: navigator.clipboard };
  afterEach(() => {
    Object.defineProperty(navigator, 'share', { value: original.share, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: original.clipboard, configurable: true });
  });

  it("opens the device's own sheet where it has one, with the page's address", async () => {
    const shared: ShareData[] = [];
    Object.defineProperty(navigator, 'share', { value: (data: ShareData) => (shared.push(data), Promise.resolve()), configurable: true });
    mockApi({ [`GET /product/${id}`]: detail(), [`GET /product/${id}/similar`]: [] });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(shared).toEqual([{ title: 'iPhone 13 Pro 256GB', text: 'iPhone 13 Pro 256GB for Tk 68,000 on PhoneHaat', url: `${window.location.origin}/product/${id}` }]);
  });

  it('offers WhatsApp, Facebook and Copy link elsewhere', async () => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: (text: string) => (copied.push(text), Promise.resolve()) }, configurable: true });
    mockApi({ [`GET /product/${id}`]: detail(), [`GET /product/${id}/similar`]: [] });
    renderPage();
    const group = await screen.findByRole('group', { name: 'Share this phone' });
    const address = `${window.location.origin}/product/${id}`;
    await waitFor(() => expect(within(group).getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`iPhone 13 Pro 256GB for Tk 68,000 on PhoneHaat ${address}`)}`));
    expect(within(group).getByRole('link', { name: 'Share on Facebook' })).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(address)}`);
    await userEvent.click(within(group).getByRole('button', { name: 'Copy link' }));
    expect(copied).toEqual([address]);
  });

  it('shares the Bangla address from a Bangla page, so the friend sees it in Bangla (issue 65)', async () => {
    const shared: ShareData[] = [];
    Object.defineProperty(navigator, 'share', { value: (data: ShareData) => (shared.push(data), Promise.resolve()), configurable: true });
    mockApi({ [`GET /product/${id}`]: detail(), [`GET /product/${id}/similar`]: [] });
    // The shell's Bangla router: /bn is its basename.
    const router = createMemoryRouter([{ path: '/product/:id', element: <ProductPage />, loader }], { initialEntries: [`/bn/product/${id}`], basename: '/bn' });
    render(<RouterProvider router={router} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(shared[0]?.url).toBe(`${window.location.origin}/bn/product/${id}`);
  });
});

describe('a phone no longer listed', () => {
  it('says so, with the way to others like it, rather than a failure', async () => {
    setSession('signed-out');
    mockApi({ [`GET /product/${id}`]: [410, { statusCode: 410, message: 'This phone is no longer listed on PhoneHaat' }], [`GET /product/${id}/similar`]: [410, { statusCode: 410 }] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This phone is no longer listed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search phones' })).toHaveAttribute('href', '/search');
  });
});
