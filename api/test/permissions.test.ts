import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { auth, createHarness, multipartFile, type Harness, type TestUser } from './support/harness.js';
import { newImei } from './support/imei.js';
import { browserSubscription, PUSH_OFFERED } from './support/push.js';

// Every call × every kind of caller → the status the API must answer.
const ACTORS = ['anonymous', 'buyer', 'another buyer', 'seller', 'another seller', 'admin'] as const;
type Actor = (typeof ACTORS)[number];

interface World {
  h: Harness;
  buyer: TestUser;
  seller: TestUser;
  admin: TestUser;
  productId: string;
  bookingId: string;
  brandId: string;
  /** The buyer's conversation with the seller about productId. */
  threadId: string;
}

type Row = [call: string, expected: [number, number, number, number, number, number], request: (world: World) => Promise<InjectOptions> | InjectOptions];

const freshProduct = async ({ h, seller }: World) => h.createProduct(seller);
const photoBytes = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } }).png().toBuffer();
/** A listing with an open report (by the buyer). */
const reportedProduct = async (w: World) => {
  const id = await freshProduct(w);
  await w.h.app.inject({ method: 'POST', url: '/reports', headers: auth(w.buyer.accessToken), payload: { productId: id, reason: 'scam' } });
  return id;
};
/** A conversation the buyer opened about a fresh listing of the seller. */
const freshThread = async (w: World) => {
  const productId = await freshProduct(w);
  const opened = await w.h.app.inject({ method: 'POST', url: '/threads', headers: auth(w.buyer.accessToken), payload: { productId } });
  return (opened.json() as { _id: string })._id;
};
/** A message the seller wrote in a fresh conversation with the buyer. */
const sellerMessage = async (w: World) => {
  const threadId = await freshThread(w);
  const sent = await w.h.app.inject({ method: 'POST', url: `/threads/${threadId}/messages`, headers: auth(w.seller.accessToken), payload: { clientId: randomUUID(), body: 'Call me on WhatsApp' } });
  return (sent.json() as { _id: string })._id;
};
/** A seller the admin held for review (issue 70). */
const heldPerson = async ({ h, admin }: World) => {
  const { id } = await h.register('Seller');
  await h.app.inject({ method: 'POST', url: `/admin/users/${id}/hold`, headers: auth(admin.accessToken) });
  return id;
};
/** A search the buyer saved. */
const freshSearch = async ({ h, buyer }: World) =>
  ((await h.app.inject({ method: 'POST', url: '/saved-searches', headers: auth(buyer.accessToken), payload: { name: 'Pixels', query: 'q=pixel' } })).json() as { _id: string })._id;
/** A device the buyer gets pushes on. */
const buyersDevice = async ({ h, buyer }: World) =>
  ((await h.app.inject({ method: 'POST', url: '/me/push-subscriptions', headers: auth(buyer.accessToken), payload: browserSubscription() })).json() as { _id: string })._id;
/** The buyer's device's subscription as its browser replaced it: the old one (with its keys) and the new one. */
const buyersRenewal = async ({ h, buyer }: World) => {
  const oldSubscription = browserSubscription();
  await h.app.inject({ method: 'POST', url: '/me/push-subscriptions', headers: auth(buyer.accessToken), payload: oldSubscription });
  return { oldSubscription, newSubscription: browserSubscription() };
};
/** A fresh phone of the seller, booked and paid for by the buyer: the booking. */
const paidBooking = async (w: World) => {
  const bookingId = await w.h.book(w.buyer, await freshProduct(w));
  const transactionId = await w.h.payByCard(w.buyer, bookingId);
  await w.h.app.inject({ method: 'POST', url: '/payments', headers: auth(w.buyer.accessToken), payload: { bookingId, transactionId } });
  return bookingId;
};
/** The buyer's review of a fresh purchase from the seller. */
const freshReview = async (w: World) =>
  ((await w.h.app.inject({ method: 'POST', url: `/bookings/${await paidBooking(w)}/review`, headers: auth(w.buyer.accessToken), payload: { stars: 4 } })).json() as { insertedId: string }).insertedId;
/** A phone the admin blocked by hand: its blocklist row. */
const blockedPhone = async ({ h, admin }: World) =>
  ((await h.app.inject({ method: 'POST', url: '/admin/blocked-imeis', headers: auth(admin.accessToken), payload: { imei: newImei(), reason: 'Police report' } })).json() as { insertedId: string }).insertedId;
/** A fresh phone of the seller's, open to offers. */
const bargain = ({ h, seller }: World) => h.createProduct(seller, { resalePrice: 20_000, openToOffers: true });
/** The buyer's offer on a fresh phone of the seller's, waiting for the seller. */
const freshOffer = async (w: World) =>
  ((await w.h.app.inject({ method: 'POST', url: '/offers', headers: auth(w.buyer.accessToken), payload: { productId: await bargain(w), amount: 15_000 } })).json() as { _id: string })._id;
/** A photo the seller uploaded, not yet on a listing. */
const freshUpload = async ({ h, seller }: World) => ((await h.upload(seller, await photoBytes())).json() as { _id: string })._id;

/** A Galaxy A54 as its browser reads itself, for a device check's report (issue 68). */
const A54_FACTS = { screen: { width: 412, height: 915, pixelRatio: 2.625 }, model: 'SM-A546E', platform: 'Android', touchPoints: 5, renderer: 'Mali-G68', cameras: [] };
/** A fresh check link of a fresh phone (with its IMEI) of a seller of its own (a person makes twenty links an hour): its token. */
const checkLink = async ({ h }: World) => {
  const seller = await h.register('Seller');
  const productId = await h.createProduct(seller, { imei: newImei() });
  const made = await h.app.inject({ method: 'POST', url: `/addedproducts/${productId}/device-check`, headers: auth(seller.accessToken) });
  return { productId, token: (made.json() as { token: string }).token };
};
const checkReport = { steps: [{ step: 'colours', outcome: 'passed' }], facts: A54_FACTS, seconds: 60 };
/** A fresh phone of the seller's, checked on itself, booked and paid by the buyer: the booking. */
const checkedSale = async (w: World) => {
  const { productId, token } = await checkLink(w);
  await w.h.app.inject({ method: 'POST', url: `/device-checks/${token}/report`, payload: checkReport });
  const bookingId = await w.h.book(w.buyer, productId);
  const transactionId = await w.h.payByCard(w.buyer, bookingId);
  await w.h.app.inject({ method: 'POST', url: '/payments', headers: auth(w.buyer.accessToken), payload: { bookingId, transactionId } });
  return bookingId;
};
/** A checked sale the buyer checked again at the handover. */
const handedOverSale = async (w: World) => {
  const bookingId = await checkedSale(w);
  const made = await w.h.app.inject({ method: 'POST', url: `/bookings/${bookingId}/handover-check`, headers: auth(w.buyer.accessToken) });
  const { token } = made.json() as { token: string };
  await w.h.app.inject({ method: 'POST', url: `/device-checks/${token}/report`, payload: { ...checkReport, steps: [{ step: 'imei', outcome: 'untested' }] } });
  return bookingId;
};

/** Where the seller's parcels are collected (issue 45): the seller sends by courier. */
const PICKUP = { name: 'Rahim Uddin', phone: '01811-000111', division: 'dhaka', district: 'dhaka', area: 'Dhanmondi', street: 'House 5, Road 27, near Rapa Plaza' };
const sendsByCourier = ({ h, seller }: World) => h.app.inject({ method: 'PUT', url: '/pickup-address', headers: auth(seller.accessToken), payload: PICKUP });
/** A fresh phone of the seller's, who sends by courier. */
const courierProduct = async (w: World) => {
  await sendsByCourier(w);
  return w.h.createProduct(w.seller, { resalePrice: 20_000 });
};
/** The buyer's booking of a fresh phone of the seller's, to be delivered to Sylhet and paid in cash. */
const courierBooking = async (w: World) => {
  const id = await courierProduct(w);
  const address = { ...PICKUP, name: 'Nusrat Jahan', division: 'sylhet', district: 'sylhet', area: 'Zindabazar' };
  const booked = await w.h.app.inject({ method: 'POST', url: '/bookeditems', headers: auth(w.buyer.accessToken), payload: { id, phone: '01712345678', courier: { address, payment: 'cash' } } });
  return (booked.json() as { insertedId: string }).insertedId;
};

const rows: Row[] = [
  ['GET /me', [401, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/me' })],
  ['GET /users/seller/:email', [401, 403, 403, 200, 403, 200], (w) => ({ method: 'GET', url: `/users/seller/${w.seller.email}` })],
  ['GET /users/admin/:email', [401, 403, 403, 200, 403, 200], (w) => ({ method: 'GET', url: `/users/admin/${w.seller.email}` })],
  ['GET /users/buyers/:email', [401, 200, 403, 403, 403, 200], (w) => ({ method: 'GET', url: `/users/buyers/${w.buyer.email}` })],
  // "Forgot password?": anyone, the same answer whether or not the address has an account.
  ['POST /password-reset', [202, 202, 202, 202, 202, 202], () => ({ method: 'POST', url: '/password-reset', payload: { email: `nobody-${randomUUID().slice(0, 8)}@test.phonehaat` } })],
  ['GET /categories', [200, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/categories' })],
  ['GET /productbrandname', [200, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/productbrandname' })],
  ['GET /advertised', [200, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/advertised' })],
  ['GET /products/:categoryId', [401, 200, 200, 200, 200, 200], (w) => ({ method: 'GET', url: `/products/${w.brandId}` })],
  ['GET /search', [401, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/search?q=iphone&condition=Good' })],
  ['GET /search/suggest', [200, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/search/suggest?q=ip' })],
  // A phone's page is public (issue 48): visitors read it, its similar phones and its price guide.
  ['GET /product/:id', [200, 200, 200, 200, 200, 200], (w) => ({ method: 'GET', url: `/product/${w.productId}` })],
  ['GET /product/:id/similar', [200, 200, 200, 200, 200, 200], (w) => ({ method: 'GET', url: `/product/${w.productId}/similar` })],
  ['GET /product/:id/share-image.jpg', [302, 302, 302, 302, 302, 302], (w) => ({ method: 'GET', url: `/product/${w.productId}/share-image.jpg` })],
  // Search engines' files (issue 48): for anyone.
  ['GET /sitemap.xml', [200, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/sitemap.xml' })],
  ['GET /sitemaps/:file', [200, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/sitemaps/phones-1.xml' })],
  [
    'POST /addedproducts',
    [401, 403, 403, 201, 201, 403],
    (w) => ({
      method: 'POST',
      url: '/addedproducts',
      payload: { name: 'Nokia G21', brandId: w.brandId, resalePrice: 9000, originalPrice: 17000, condition: 'Fair', phone: '01911223344', location: 'Khulna', img: 'http://localhost:4100/images/products/nokia-g21.svg', usedYear: 2022 },
    }),
  ],
  ['POST /uploads', [401, 201, 201, 201, 201, 403], async () => ({ method: 'POST', url: '/uploads', ...multipartFile('photo', 'p.png', 'image/png', await photoBytes()) })],
  ['GET /photos/:key', [200, 200, 200, 200, 200, 200], async (w) => ({ method: 'GET', url: new URL(((await w.h.upload(w.seller, await photoBytes())).json() as { small: string }).small).pathname })],
  [
    'PUT /addedproducts/:id/photos',
    [401, 403, 403, 200, 403, 403],
    async (w) => ({ method: 'PUT', url: `/addedproducts/${await freshProduct(w)}/photos`, payload: { photos: [await freshUpload(w)] } }),
  ],
  ['GET /addedproducts?email=', [401, 403, 403, 200, 403, 200], (w) => ({ method: 'GET', url: `/addedproducts?email=${w.seller.email}` })],
  ['DELETE /postedproduct/:id', [401, 403, 403, 200, 403, 200], async (w) => ({ method: 'DELETE', url: `/postedproduct/${await freshProduct(w)}` })],
  ['POST /advertisedproducts', [401, 403, 403, 200, 403, 403], async (w) => ({ method: 'POST', url: '/advertisedproducts', payload: { id: await freshProduct(w) } })],
  [
    'POST /bookeditems',
    [401, 201, 201, 403, 403, 403],
    async (w) => ({ method: 'POST', url: '/bookeditems', payload: { id: await freshProduct(w), phone: '01811000111', meetingLocation: 'Banani' } }),
  ],
  ['GET /bookeditems?email=', [401, 200, 403, 403, 403, 403], (w) => ({ method: 'GET', url: `/bookeditems?email=${w.buyer.email}` })],
  ['GET /bookings/:id', [401, 200, 403, 403, 403, 403], (w) => ({ method: 'GET', url: `/bookings/${w.bookingId}` })],
  ['POST /create-payment-intent', [401, 200, 403, 403, 403, 403], (w) => ({ method: 'POST', url: '/create-payment-intent', payload: { bookingId: w.bookingId } })],
  [
    'POST /payments',
    [401, 201, 403, 403, 403, 403],
    async (w) => {
      const bookingId = await w.h.book(w.buyer, await freshProduct(w));
      const transactionId = await w.h.payByCard(w.buyer, bookingId);
      return { method: 'POST', url: '/payments', payload: { bookingId, transactionId } };
    },
  ],
  ['POST /bookings/:id/received', [401, 200, 403, 403, 403, 403], async (w) => ({ method: 'POST', url: `/bookings/${await paidBooking(w)}/received` })],
  [
    'POST /bookings/:id/handover',
    [401, 403, 403, 200, 403, 403],
    async (w) => {
      const bookingId = await paidBooking(w);
      const booking = await w.h.app.inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: auth(w.buyer.accessToken) });
      return { method: 'POST', url: `/bookings/${bookingId}/handover`, payload: { code: (booking.json() as { held: { handoverCode: string } }).held.handoverCode } };
    },
  ],
  ['POST /bookings/:id/dispute', [401, 201, 403, 403, 403, 403], async (w) => ({ method: 'POST', url: `/bookings/${await paidBooking(w)}/dispute`, payload: { reason: 'not-as-described' } })],
  // Its buyer's alone: this sale was paid by card, so the buyer is told it goes back that way; the cash path is delivery.test.ts's.
  [
    'PUT /bookings/:id/dispute/refund-wallet',
    [401, 409, 403, 403, 403, 403],
    async (w) => {
      const bookingId = await paidBooking(w);
      await w.h.app.inject({ method: 'POST', url: `/bookings/${bookingId}/dispute`, headers: auth(w.buyer.accessToken), payload: { reason: 'seller-no-show' } });
      return { method: 'PUT', url: `/bookings/${bookingId}/dispute/refund-wallet`, payload: { method: 'nagad', number: '01811223344', confirmation: { verificationId: '00000000-0000-4000-8000-000000000000', code: '123456' } } };
    },
  ],
  ['GET /disputes', [401, 403, 403, 403, 403, 200], () => ({ method: 'GET', url: '/disputes' })],
  [
    'POST /disputes/:id/decision',
    [401, 403, 403, 403, 403, 200],
    async (w) => {
      const bookingId = await paidBooking(w);
      const opened = await w.h.app.inject({ method: 'POST', url: `/bookings/${bookingId}/dispute`, headers: auth(w.buyer.accessToken), payload: { reason: 'seller-no-show' } });
      return { method: 'POST', url: `/disputes/${(opened.json() as { insertedId: string }).insertedId}/decision`, payload: { outcome: 'release', reason: 'The seller came' } };
    },
  ],
  ['GET /earnings', [401, 403, 403, 200, 200, 403], () => ({ method: 'GET', url: '/earnings' })],
  ['GET /payout-wallet', [401, 403, 403, 200, 200, 403], () => ({ method: 'GET', url: '/payout-wallet' })],
  // Signed in as a seller, the code request is read (nobody's has this id); the happy path is payouts.test.ts's and phone.test.ts's.
  ['PUT /payout-wallet', [401, 403, 403, 404, 404, 403], () => ({ method: 'PUT', url: '/payout-wallet', payload: { number: '01770618575', repeat: '01770618575', confirmation: { verificationId: '00000000-0000-4000-8000-000000000000', code: '123456' } } })],
  ['GET /admin/money', [401, 403, 403, 403, 403, 200], () => ({ method: 'GET', url: '/admin/money' })],
  // Payments held for review (issue 69): the admin's; the happy path is sslcommerz.test.ts's.
  ['GET /admin/payment-reviews', [401, 403, 403, 403, 403, 200], () => ({ method: 'GET', url: '/admin/payment-reviews' })],
  ['POST /admin/payment-reviews/:id', [401, 403, 403, 403, 403, 404], () => ({ method: 'POST', url: `/admin/payment-reviews/${randomUUID()}`, payload: { decision: 'accept' } })],
  // SSLCommerz's posts need no sign-in, only its signature: an unsigned one is refused for everyone alike; a return for a
  // transaction nobody started is not found.
  ['POST /payments/sslcommerz/ipn', [400, 400, 400, 400, 400, 400], () => ({ method: 'POST', url: '/payments/sslcommerz/ipn', payload: { tran_id: 'PH0000000000000000000000000000', status: 'VALID' } })],
  ['POST /payments/sslcommerz/return/:outcome', [404, 404, 404, 404, 404, 404], () => ({ method: 'POST', url: '/payments/sslcommerz/return/success', payload: { tran_id: 'PH0000000000000000000000000000' } })],
  // Nagad's page sends the buyer back with a reference: one nobody started is not found, for everyone alike.
  ['GET /payments/nagad/callback', [404, 404, 404, 404, 404, 404], () => ({ method: 'GET', url: '/payments/nagad/callback?payment_ref_id=MTIzNDU2Nzg5MA%3D%3D&status=Success' })],
  [
    'POST /admin/courier-settlements',
    [401, 403, 403, 403, 403, 201],
    () => ({
      method: 'POST',
      url: '/admin/courier-settlements',
      payload: { report: `Invoice ID,Consignment ID,Merchant Order ID,Status,Collected Amount,Delivery Fee,COD Fee,Payout\nI-${randomUUID()},DL-1,,Delivered,1000,60,10,930` },
    }),
  ],
  ['GET /fees', [200, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/fees' })],
  ['GET /fees/mine', [401, 403, 403, 200, 200, 403], () => ({ method: 'GET', url: '/fees/mine' })],
  ['GET /payment-methods', [200, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/payment-methods' })],
  ['POST /payments/:method/start', [401, 200, 403, 403, 403, 403], async (w) => ({ method: 'POST', url: '/payments/bkash/start', payload: { bookingId: await w.h.book(w.buyer, await freshProduct(w)) } })],
  [
    'POST /payments/:method/complete',
    [401, 200, 403, 403, 403, 403],
    async (w) => {
      const bookingId = await w.h.book(w.buyer, await freshProduct(w));
      const { paymentId } = await w.h.approveBkash(w.buyer, bookingId);
      return { method: 'POST', url: '/payments/bkash/complete', payload: { bookingId, paymentId, status: 'success' } };
    },
  ],
  ['POST /reports', [401, 201, 201, 403, 201, 201], async (w) => ({ method: 'POST', url: '/reports', payload: { productId: await freshProduct(w), reason: 'scam', note: 'Too cheap' } })],
  ['GET /reports', [401, 403, 403, 403, 403, 200], () => ({ method: 'GET', url: '/reports?status=open' })],
  ['POST /reports/:productId/dismiss', [401, 403, 403, 403, 403, 200], async (w) => ({ method: 'POST', url: `/reports/${await reportedProduct(w)}/dismiss` })],
  [
    'DELETE /admin/products/:id',
    [401, 403, 403, 403, 403, 200],
    async (w) => ({ method: 'DELETE', url: `/admin/products/${await reportedProduct(w)}`, payload: { reason: 'Reported as a scam' } }),
  ],
  ['GET /audit', [401, 403, 403, 403, 403, 200], () => ({ method: 'GET', url: '/audit' })],
  ['GET /addedproducts/:id/bookings', [401, 403, 403, 200, 403, 200], (w) => ({ method: 'GET', url: `/addedproducts/${w.productId}/bookings` })],
  ['GET /users/allsellers?q&page&limit', [401, 403, 403, 403, 403, 200], () => ({ method: 'GET', url: '/users/allsellers?q=a&page=1&limit=5' })],
  ['GET /users/allsellers', [401, 403, 403, 403, 403, 200], () => ({ method: 'GET', url: '/users/allsellers' })],
  ['GET /users/allbuyers', [401, 403, 403, 403, 403, 200], () => ({ method: 'GET', url: '/users/allbuyers' })],
  ['PUT /seller/verify/:id', [401, 403, 403, 403, 403, 200], async (w) => ({ method: 'PUT', url: `/seller/verify/${(await w.h.register('Seller')).id}` })],
  ['DELETE /seller/:id', [401, 403, 403, 403, 403, 200], async (w) => ({ method: 'DELETE', url: `/seller/${(await w.h.register('Seller')).id}` })],
  ['DELETE /buyer/:id', [401, 403, 403, 403, 403, 200], async (w) => ({ method: 'DELETE', url: `/buyer/${(await w.h.register('Buyer')).id}` })],
  ['DELETE /users/:id/phone', [401, 403, 403, 403, 403, 200], async (w) => ({ method: 'DELETE', url: `/users/${(await w.h.register('Buyer')).id}/phone` })],
  // Conversations: only the two people of a thread read it or write in it; an admin does not take part in them.
  ['POST /threads', [401, 201, 201, 403, 201, 403], async (w) => ({ method: 'POST', url: '/threads', payload: { productId: await freshProduct(w) } })],
  ['GET /threads', [401, 200, 200, 200, 200, 403], () => ({ method: 'GET', url: '/threads' })],
  ['GET /threads/:id', [401, 200, 403, 200, 403, 403], (w) => ({ method: 'GET', url: `/threads/${w.threadId}` })],
  ['POST /threads/:id/messages', [401, 201, 403, 201, 403, 403], (w) => ({ method: 'POST', url: `/threads/${w.threadId}/messages`, payload: { clientId: randomUUID(), body: 'Is it still available?' } })],
  ['POST /threads/:id/seen', [401, 200, 403, 200, 403, 403], (w) => ({ method: 'POST', url: `/threads/${w.threadId}/seen`, payload: { upTo: '1' } })],
  ['POST /threads/:id/block', [401, 200, 403, 200, 403, 403], async (w) => ({ method: 'POST', url: `/threads/${await freshThread(w)}/block` })],
  ['DELETE /threads/:id/block', [401, 200, 403, 200, 403, 403], async (w) => ({ method: 'DELETE', url: `/threads/${await freshThread(w)}/block` })],
  ['GET /inbox/unread', [401, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/inbox/unread' })],
  ['POST /messages/:id/report', [401, 201, 403, 403, 403, 403], async (w) => ({ method: 'POST', url: `/messages/${await sellerMessage(w)}/report`, payload: { reason: 'scam' } })],
  ['DELETE /admin/messages/:id', [401, 403, 403, 403, 403, 200], async (w) => ({ method: 'DELETE', url: `/admin/messages/${await sellerMessage(w)}`, payload: { reason: 'Asked to pay outside PhoneHaat' } })],
  // Senders held for review (issue 70): the admin's alone.
  ['GET /admin/holds', [401, 403, 403, 403, 403, 200], () => ({ method: 'GET', url: '/admin/holds' })],
  ['POST /admin/users/:id/hold', [401, 403, 403, 403, 403, 200], async (w) => ({ method: 'POST', url: `/admin/users/${(await w.h.register('Seller')).id}/hold` })],
  ['DELETE /admin/users/:id/hold', [401, 403, 403, 403, 403, 200], async (w) => ({ method: 'DELETE', url: `/admin/users/${await heldPerson(w)}/hold` })],
  ['POST /stream/tickets', [401, 200, 200, 200, 200, 200], () => ({ method: 'POST', url: '/stream/tickets' })],
  // The stream opens with a ticket only, for whoever holds it (a bearer token opens nothing: EventSource cannot send one).
  ['GET /stream', [401, 401, 401, 401, 401, 401], () => ({ method: 'GET', url: '/stream?ticket=not-a-ticket' })],
  // Notifications: everyone signed in has their own, and only their own.
  ['GET /notifications', [401, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/notifications' })],
  ['GET /notifications/unread', [401, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/notifications/unread' })],
  ['POST /notifications/read', [401, 200, 200, 200, 200, 200], () => ({ method: 'POST', url: '/notifications/read', payload: {} })],
  ['GET /me/email-settings', [401, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/me/email-settings' })],
  // One-click unsubscribe needs no sign-in, only a valid token (a forged one is refused for everyone alike).
  ['POST /unsubscribe', [400, 400, 400, 400, 400, 400], () => ({ method: 'POST', url: '/unsubscribe?token=x.booked.y' })],
  // Saved searches: buyers and sellers keep their own; an admin does not shop.
  ['POST /saved-searches', [401, 201, 201, 201, 201, 403], () => ({ method: 'POST', url: '/saved-searches', payload: { name: 'Pixels', query: 'q=pixel' } })],
  ['GET /saved-searches', [401, 200, 200, 200, 200, 403], () => ({ method: 'GET', url: '/saved-searches' })],
  ['PUT /saved-searches/:id', [401, 200, 404, 404, 404, 403], async (w) => ({ method: 'PUT', url: `/saved-searches/${await freshSearch(w)}`, payload: { name: 'Pixel 7' } })],
  // Web Push (issue 48): the key is public; devices are anyone's own, never another's (404), the admin's included.
  ['GET /push/key', [200, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/push/key' })],
  ['GET /me/push-subscriptions', [401, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/me/push-subscriptions' })],
  ['POST /me/push-subscriptions', [401, 201, 201, 201, 201, 201], () => ({ method: 'POST', url: '/me/push-subscriptions', payload: browserSubscription() })],
  ['DELETE /me/push-subscriptions/:id', [401, 200, 404, 404, 404, 404], async (w) => ({ method: 'DELETE', url: `/me/push-subscriptions/${await buyersDevice(w)}` })],
  // The service worker's renewal needs no sign-in: the old subscription's keys are the proof, whoever sends them.
  ['POST /push/renewals', [200, 200, 200, 200, 200, 200], async (w) => ({ method: 'POST', url: '/push/renewals', payload: await buyersRenewal(w) })],
  ['DELETE /saved-searches/:id', [401, 200, 404, 404, 404, 403], async (w) => ({ method: 'DELETE', url: `/saved-searches/${await freshSearch(w)}` })],
  // Watching a phone: buyers and sellers (not their own listing); changing a price: its seller only.
  ['GET /product/:id/watch', [401, 200, 200, 200, 200, 403], (w) => ({ method: 'GET', url: `/product/${w.productId}/watch` })],
  ['PUT /product/:id/watch', [401, 200, 200, 409, 200, 403], (w) => ({ method: 'PUT', url: `/product/${w.productId}/watch` })],
  ['DELETE /product/:id/watch', [401, 200, 200, 200, 200, 403], (w) => ({ method: 'DELETE', url: `/product/${w.productId}/watch` })],
  // Offers (issue 47): buyers offer; the two sides of an offer read and answer it; a seller sets their listing's terms.
  ['POST /offers', [401, 201, 201, 403, 403, 403], async (w) => ({ method: 'POST', url: '/offers', payload: { productId: await bargain(w), amount: 15_000 } })],
  ['GET /offers', [401, 200, 200, 200, 200, 403], () => ({ method: 'GET', url: '/offers' })],
  ['GET /offers/:id', [401, 200, 404, 200, 404, 403], async (w) => ({ method: 'GET', url: `/offers/${await freshOffer(w)}` })],
  ['POST /offers/:id/answer', [401, 200, 403, 200, 403, 403], async (w) => ({ method: 'POST', url: `/offers/${await freshOffer(w)}/answer`, payload: { action: 'decline' } })],
  ['PUT /addedproducts/:id/offers', [401, 403, 403, 200, 403, 403], async (w) => ({ method: 'PUT', url: `/addedproducts/${await freshProduct(w)}/offers`, payload: { openToOffers: true, lowestOffer: 500 } })],
  ['PUT /addedproducts/:id/price', [401, 403, 403, 200, 403, 403], async (w) => ({ method: 'PUT', url: `/addedproducts/${await freshProduct(w)}/price`, payload: { resalePrice: 1000 } })],
  ['POST /admin/digests', [401, 403, 403, 403, 403, 200], () => ({ method: 'POST', url: '/admin/digests' })],
  // IMEIs: a seller gives their own listing's; only an admin keeps the blocklist.
  ['PUT /addedproducts/:id/imei', [401, 403, 403, 200, 403, 403], async (w) => ({ method: 'PUT', url: `/addedproducts/${await freshProduct(w)}/imei`, payload: { imei: newImei() } })],
  ['GET /admin/blocked-imeis', [401, 403, 403, 403, 403, 200], () => ({ method: 'GET', url: '/admin/blocked-imeis' })],
  ['POST /admin/blocked-imeis', [401, 403, 403, 403, 403, 201], () => ({ method: 'POST', url: '/admin/blocked-imeis', payload: { imei: newImei(), reason: 'Police report' } })],
  // Reviews: only a purchase's buyer rates it and changes it; only the reviewed seller replies; only an admin removes one.
  ['POST /bookings/:id/review', [401, 201, 403, 403, 403, 403], async (w) => ({ method: 'POST', url: `/bookings/${await paidBooking(w)}/review`, payload: { stars: 5 } })],
  ['PUT /reviews/:id', [401, 200, 403, 403, 403, 403], async (w) => ({ method: 'PUT', url: `/reviews/${await freshReview(w)}`, payload: { stars: 3 } })],
  ['POST /reviews/:id/reply', [401, 403, 403, 200, 403, 403], async (w) => ({ method: 'POST', url: `/reviews/${await freshReview(w)}/reply`, payload: { reply: 'Thank you' } })],
  ['DELETE /admin/reviews/:id', [401, 403, 403, 403, 403, 200], async (w) => ({ method: 'DELETE', url: `/admin/reviews/${await freshReview(w)}`, payload: { reason: 'Abusive' } })],
  ['GET /me/reviews', [401, 403, 403, 200, 200, 403], () => ({ method: 'GET', url: '/me/reviews' })],
  // A seller's profile is public, like the home page.
  ['GET /sellers/:id', [200, 200, 200, 200, 200, 200], (w) => ({ method: 'GET', url: `/sellers/${w.seller.id}` })],
  ['GET /sellers/:id/reviews', [200, 200, 200, 200, 200, 200], (w) => ({ method: 'GET', url: `/sellers/${w.seller.id}/reviews` })],
  ['GET /sellers/:id/listings', [200, 200, 200, 200, 200, 200], (w) => ({ method: 'GET', url: `/sellers/${w.seller.id}/listings` })],
  ['DELETE /admin/blocked-imeis/:id', [401, 403, 403, 403, 403, 200], async (w) => ({ method: 'DELETE', url: `/admin/blocked-imeis/${await blockedPhone(w)}`, payload: { reason: 'Owner found it' } })],
  ['PUT /me/email-settings', [401, 200, 200, 200, 200, 200], () => ({ method: 'PUT', url: '/me/email-settings', payload: { email: { paid: true } } })],
  // Real-user measurements (issue 29): anyone's browser reports a page view; only an admin (or the deployer's token,
  // rum.test.ts) reads the figures.
  ['POST /rum', [204, 204, 204, 204, 204, 204], () => ({ method: 'POST', url: '/rum', payload: { page: { remote: 'storefront', release: 'local', route: '/', lang: 'en' }, events: [{ type: 'view' }] } })],
  ['GET /rum/releases', [401, 403, 403, 403, 403, 200], () => ({ method: 'GET', url: '/rum/releases?remote=storefront&releases=local' })],
  ['GET /admin/releases', [401, 403, 403, 403, 403, 200], () => ({ method: 'GET', url: '/admin/releases?remote=storefront' })],
  // Courier delivery (issue 45): a buyer asks the fee; a seller keeps a pickup point and sends their own buyers' parcels;
  // only a booking's buyer and seller see its delivery; the courier's webhook answers no one without its secret.
  ['GET /delivery/quote', [401, 200, 200, 403, 403, 403], async (w) => ({ method: 'GET', url: `/delivery/quote?productId=${await courierProduct(w)}&district=sylhet` })],
  ['GET /pickup-address', [401, 403, 403, 200, 200, 403], async (w) => (await sendsByCourier(w), { method: 'GET', url: '/pickup-address' })],
  ['PUT /pickup-address', [401, 403, 403, 200, 200, 403], () => ({ method: 'PUT', url: '/pickup-address', payload: PICKUP })],
  ['GET /bookings/:id/delivery', [401, 200, 403, 200, 403, 403], async (w) => ({ method: 'GET', url: `/bookings/${await courierBooking(w)}/delivery` })],
  ['POST /bookings/:id/parcel', [401, 403, 403, 201, 403, 403], async (w) => ({ method: 'POST', url: `/bookings/${await courierBooking(w)}/parcel` })],
  ['POST /webhooks/:courier', [401, 401, 401, 401, 401, 401], () => ({ method: 'POST', url: '/webhooks/pathao', payload: { event: 'order.delivered', consignment_id: 'DL271126ABCDEF' } })],
  // A verified phone number (issue 46): anyone signed in, on their own account only.
  ['GET /me/phone', [401, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/me/phone' })],
  // Everyone here has a verified number: a new one needs a fresh code to it first (phone.test.ts sends one).
  ['POST /me/phone/code', [401, 403, 403, 403, 403, 403], () => ({ method: 'POST', url: '/me/phone/code', payload: { phone: `019${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` } })],
  // Signing in by phone (issue 46): anyone, signed in or not (a code to a fresh number; nobody's request has this id).
  ['POST /phone-sign-in/code', [201, 201, 201, 201, 201, 201], () => ({ method: 'POST', url: '/phone-sign-in/code', payload: { phone: `018${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` } })],
  ['POST /phone-sign-in', [404, 404, 404, 404, 404, 404], () => ({ method: 'POST', url: '/phone-sign-in', payload: { verificationId: '00000000-0000-4000-8000-000000000000', code: '123456' } })],
  ['POST /me/phone/confirmation', [401, 201, 201, 201, 201, 201], () => ({ method: 'POST', url: '/me/phone/confirmation' })],
  // An address for an account made by phone (issue 46): anyone signed in; everyone here has one already, and nobody's
  // link has this token. The happy path is email-address.test.ts's.
  ['POST /me/email', [401, 409, 409, 409, 409, 409], () => ({ method: 'POST', url: '/me/email', payload: { email: 'another-address@test.phonehaat', language: 'en' } })],
  ['POST /me/email/confirm', [401, 400, 400, 400, 400, 400], () => ({ method: 'POST', url: '/me/email/confirm', payload: { token: 'A'.repeat(43) } })],
  // Signed in, the request is read (nobody's code request has this id); the happy path is phone.test.ts's.
  ['POST /me/phone/verify', [401, 404, 404, 404, 404, 404], () => ({ method: 'POST', url: '/me/phone/verify', payload: { verificationId: '00000000-0000-4000-8000-000000000000', code: '123456', idToken: 'x' } })],
  // The price guide (issue 30): anyone signed in, for the phone's page and Add a product.
  ['GET /product/:id/price-guide', [200, 200, 200, 200, 200, 200], (w) => ({ method: 'GET', url: `/product/${w.productId}/price-guide` })],
  // The phone proves itself (issue 68): the seller's link for their own listing, the buyer's for their held sale; the
  // page on the phone needs no sign-in (the link is the key), nor do the public keys.
  ['POST /addedproducts/:id/device-check', [401, 403, 403, 201, 403, 403], async (w) => ({ method: 'POST', url: `/addedproducts/${await w.h.createProduct(w.seller, { imei: newImei() })}/device-check` })],
  ['POST /bookings/:id/handover-check', [401, 201, 403, 403, 403, 403], async (w) => ({ method: 'POST', url: `/bookings/${await checkedSale(w)}/handover-check` })],
  ['GET /bookings/:id/handover-check', [401, 200, 404, 403, 403, 403], async (w) => ({ method: 'GET', url: `/bookings/${await handedOverSale(w)}/handover-check` })],
  ['GET /device-checks/keys', [200, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/device-checks/keys' })],
  ['GET /device-checks/:token', [200, 200, 200, 200, 200, 200], async (w) => ({ method: 'GET', url: `/device-checks/${(await checkLink(w)).token}` })],
  ['POST /device-checks/:token/report', [201, 201, 201, 201, 201, 201], async (w) => ({ method: 'POST', url: `/device-checks/${(await checkLink(w)).token}/report`, payload: checkReport })],
  // NEIR at the handover: each side of a paid sale records its own step (the seller's takes no IMEI; the buyer's needs one).
  ['POST /bookings/:id/neir', [401, 400, 403, 201, 403, 403], async (w) => ({ method: 'POST', url: `/bookings/${await paidBooking(w)}/neir`, payload: {} })],
  // Signing up and in take a Firebase ID token (the matrix's callers carry the API's own): refused alike, before the
  // body; the happy paths are auth.test.ts's.
  ['POST /users', [401, 401, 401, 401, 401, 401], () => ({ method: 'POST', url: '/users', payload: { name: 'Someone', email: 'someone@test.phonehaat', role: 'Buyer' } })],
  ['GET /jwt', [401, 401, 401, 401, 401, 401], () => ({ method: 'GET', url: '/jwt' })],
  // Stripe's webhook answers no one without Stripe's signature (payments.test.ts sends signed ones).
  ['POST /webhooks/stripe', [400, 400, 400, 400, 400, 400], () => ({ method: 'POST', url: '/webhooks/stripe', payload: { type: 'payment_intent.succeeded' } })],
  // A balancer asks whether this instance takes requests: anyone may.
  ['GET /health/ready', [200, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/health/ready' })],
  // What the shell's server hears to forget visitors' pages (issue 66): public, as what it tells of is; a stream that
  // stays open (read as a stream, then let go).
  ['GET /catalog/changes', [200, 200, 200, 200, 200, 200], () => ({ method: 'GET', url: '/catalog/changes', payloadAsStream: true })],
  ['GET /price-guide', [401, 200, 200, 200, 200, 200], (w) => ({ method: 'GET', url: `/price-guide?brandId=${w.brandId}&name=iPhone%2013%20128GB&condition=Good&usedYear=2022` })],
];

let world: World;
let tokens: Record<Actor, string | undefined>;

beforeAll(async () => {
  const h = await createHarness({ RATE_LIMIT_MAX: '10000', AUTH_RATE_LIMIT_MAX: '1000', PHONE_SIGN_IN_RATE_LIMIT_MAX: '1000', ...PUSH_OFFERED }); // hundreds of calls (and dozens of sign-ups) in a minute: the limits have their own tests
  const [buyer, otherBuyer, seller, otherSeller, admin] = await Promise.all([
    h.register('Buyer'),
    h.register('Buyer'),
    h.register('Seller'),
    h.register('Seller'),
    h.admin(),
  ]);
  const productId = await h.createProduct(seller);
  const bookingId = await h.book(buyer, productId);
  const opened = await h.app.inject({ method: 'POST', url: '/threads', headers: auth(buyer.accessToken), payload: { productId } });
  world = { h, buyer, seller, admin, productId, bookingId, brandId: h.brandIds.Apple!, threadId: (opened.json() as { _id: string })._id };
  tokens = {
    anonymous: undefined,
    buyer: buyer.accessToken,
    'another buyer': otherBuyer.accessToken,
    seller: seller.accessToken,
    'another seller': otherSeller.accessToken,
    admin: admin.accessToken,
  };
});
afterAll(() => world.h.close());

/**
 * Where both accounts of a role are refused for whose thing it is, not for their role: anyone may look up their own
 * role (not another's); a seller may report a message (not their own, nor in another's conversation).
 */
const refusedForWhoseItIs: Record<string, readonly Actor[]> = {
  'GET /users/seller/:email': ACTORS,
  'GET /users/admin/:email': ACTORS,
  'GET /users/buyers/:email': ACTORS,
  'POST /messages/:id/report': ['seller', 'another seller'],
  'POST /me/phone/code': ACTORS.slice(1),
};

/**
 * A 403 that says what the caller's role may not do, whoever they are: both accounts of the role are refused (the admin
 * has one). Those are decided before the input is read; a 403 about whose thing it is needs the input, so comes after.
 */
const refusedForTheRole = (call: string, expected: readonly number[], actor: Actor) => {
  if (refusedForWhoseItIs[call]?.includes(actor)) return false;
  const [, buyer, otherBuyer, seller, otherSeller, admin] = expected;
  if (actor === 'buyer' || actor === 'another buyer') return buyer === 403 && otherBuyer === 403;
  if (actor === 'seller' || actor === 'another seller') return seller === 403 && otherSeller === 403;
  return actor === 'admin' && admin === 403;
};

/** The same call with what it sends spoiled: ids that are not ids, and a body that is not JSON. */
function spoiled(options: InjectOptions): InjectOptions {
  const url = String(options.url)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'not-an-id')
    .replace(/\/[^/?]*(?:@|%40)[^/?]*/g, '/not-an-email')
    .replace(/^\/photos\/[^/?]+/, '/photos/not-a-photo')
    .replace(/^\/sitemaps\/[^/?]+/, '/sitemaps/not-a-file')
    .replace(/^\/device-checks\/[\w-]{32,}/, '/device-checks/not-a-token');
  const sendsBody = options.method !== 'GET';
  return sendsBody
    ? { method: options.method, url, payload: '{"broken": ', headers: { 'content-type': 'application/json' } }
    : { method: options.method, url };
}

describe('permission matrix', () => {
  const cases = rows.flatMap(([call, expected, request]) => ACTORS.map((actor, i) => [call, actor, expected[i]!, request] as const));
  it.each(cases)('%s as %s → %i', async (_call, actor, status, request) => {
    const options = await request(world);
    const token = tokens[actor];
    const response = await world.h.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(token ? auth(token) : {}) } });
    if (options.payloadAsStream) {
      response.stream().destroy();
      return expect(response.statusCode).toBe(status);
    }
    expect(response.statusCode, response.body).toBe(status);
  });

  it('has a row for every operation the OpenAPI document names', async () => {
    const { paths } = (await world.h.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
    const inMatrix = new Set(rows.map(([call]) => call.split('?')[0]));
    expect(documented.filter((call) => !inMatrix.has(call))).toEqual([]);
  });
});

describe('the caller before the input', () => {
  // The same calls with spoiled input: nobody gets 401 and a role that may not gets 403, never the 400 that would
  // describe the input of an operation they cannot use; those who may (or whose own thing it may be) get the 400.
  const spoilable = rows.filter(([call]) => !call.startsWith('GET ') || call.includes('/:'));
  const cases = spoilable.flatMap(([call, expected, request]) => ACTORS.map((actor) => [call, actor, expected, request] as const));
  it.each(cases)('%s spoiled as %s', async (call, actor, expected, request) => {
    const options = spoiled(await request(world));
    const token = tokens[actor];
    const index = ACTORS.indexOf(actor);
    const response = await world.h.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(token ? auth(token) : {}) } });
    const want = expected[index] === 401 ? 401 : refusedForTheRole(call, expected, actor) ? 403 : 400;
    expect(response.statusCode, response.body).toBe(want);
    if (want !== 400) expect(response.json()).not.toHaveProperty('fields');
  });
});
