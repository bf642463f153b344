// The demo's history, played once through the API as its people would have made it: sales held, received, released by
// the handover code, paid out to the verified seller's bKash wallet and disputed; ratings and replies; a conversation;
// an offer on a phone open to offers, and the seller's counter;
// a saved search and the phone that matched it. `pnpm start` plays it after the first start (the seed made the
// accounts and the listings); it is idempotent: a demo buyer with a booking means it was played.
import { randomUUID } from 'node:crypto';
import { walkPaymentPage } from '@phonehaat/fake-bkash';
import { emulatorCodeSentTo } from './emulator.ts';

export interface DemoTargets {
  apiUrl: string;
  /** The API's public address, its pictures' (a listing takes only PhoneHaat's own images); apiUrl when not given. */
  publicUrl?: string;
  /** host:port of the Auth emulator. */
  emulatorHost: string;
  /** The Firebase project the emulator keeps the codes it would have sent under (demo-phonehaat by default). */
  projectId?: string;
  /** The local Stripe's address (its API, as Stripe's own). */
  stripeUrl: string;
  password: string;
}

export interface Person {
  email: string;
  token: string;
}

export const DEMO_PEOPLE = {
  seller: 'seller@phonehaat.test',
  otherSeller: 'seller2@phonehaat.test',
  buyer: 'buyer@phonehaat.test',
  buyer2: 'buyer2@phonehaat.test',
  buyer3: 'buyer3@phonehaat.test',
} as const;

/** The phones the demo sells: the verified seller's, listed for the occasion (the seed's stay on sale). */
const SOLD = {
  held: { name: 'Galaxy S22 8/128GB', brand: 'Samsung', image: 'galaxy-s21-fe.svg', price: 41000, original: 84999, year: 2022 },
  received: { name: 'iPhone 12 mini 128GB', brand: 'Apple', image: 'iphone-12.svg', price: 33000, original: 84999, year: 2021 },
  handedOver: { name: 'Redmi Note 12 8/128GB', brand: 'Xiaomi', image: 'redmi-12.svg', price: 15500, original: 22999, year: 2023 },
  disputed: { name: 'Pixel 6 128GB', brand: 'Google Pixel', image: 'pixel-6a.svg', price: 26000, original: 59999, year: 2022 },
  heldToo: { name: 'Poco F5 12/256GB', brand: 'Xiaomi', image: 'poco-x5-pro.svg', price: 31000, original: 44999, year: 2023 },
};

/** A call of the API as this person (none: as a visitor); its answer, or an error naming the call and its answer. */
export async function callApi<T = unknown>(apiUrl: string, who: Person | undefined, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Signs a person in with their password at the Auth emulator, as the browser would, and takes the API's token. */
export async function signInWithPassword(apiUrl: string, emulatorHost: string, email: string, password: string): Promise<Person> {
  const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const { idToken } = (await response.json()) as { idToken?: string };
  if (!idToken) throw new Error(`${email} could not sign in`);
  const { accessToken } = await callApi<{ accessToken: string }>(apiUrl, { email, token: idToken }, 'GET', `/jwt?email=${encodeURIComponent(email)}`);
  return { email, token: accessToken };
}

export async function playDemo(targets: DemoTargets, log: (line: string) => void = console.log): Promise<'played' | 'already'> {
  const call = <T = unknown>(who: Person | undefined, method: string, path: string, body?: unknown) =>
    callApi<T>(targets.apiUrl, who, method, path, body).catch((error: Error) => Promise.reject(new Error(`demo: ${error.message}`)));
  const signIn = (email: string) => signInWithPassword(targets.apiUrl, targets.emulatorHost, email, targets.password).catch((error: Error) => Promise.reject(new Error(`demo: ${error.message}`)));

  const [seller, otherSeller, buyer, buyer2, buyer3] = (await Promise.all(Object.values(DEMO_PEOPLE).map(signIn))) as [Person, Person, Person, Person, Person];
  if ((await call<unknown[]>(buyer, 'GET', `/bookeditems?email=${encodeURIComponent(buyer.email)}`)).length > 0) return 'already';

  const brands = await call<{ _id: string; name: string }[]>(undefined, 'GET', '/productbrandname');
  const brandId = (name: string) => brands.find((brand) => brand.name === name)?._id ?? brands[0]!._id;
  const list = async (who: Person, phone: (typeof SOLD)[keyof typeof SOLD], extra: Record<string, unknown> = {}) =>
    (
      await call<{ insertedId: string }>(who, 'POST', '/addedproducts', {
        name: phone.name,
        brandId: brandId(phone.brand),
        resalePrice: phone.price,
        originalPrice: phone.original,
        condition: 'Good',
        usedYear: phone.year,
        phone: '01711-234567',
        location: 'Dhanmondi, Dhaka',
        img: `${targets.publicUrl ?? targets.apiUrl}/images/products/${phone.image}`,
        description: 'Sold through PhoneHaat (demo history).',
        ...extra,
      })
    ).insertedId;
  const book = async (who: Person, productId: string) =>
    (await call<{ insertedId: string }>(who, 'POST', '/bookeditems', { id: productId, phone: '01811-000111', meetingLocation: 'Bashundhara City, Dhaka' })).insertedId;
  const payByCard = async (who: Person, bookingId: string) => {
    const { clientSecret } = await call<{ clientSecret: string }>(who, 'POST', '/create-payment-intent', { bookingId });
    const confirmed = await fetch(`${targets.stripeUrl}/v1/payment_intents/${clientSecret.split('_secret_')[0]}/confirm`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_demo', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payment_method: 'pm_card_visa' }),
    });
    const { id } = (await confirmed.json()) as { id: string };
    await call(who, 'POST', '/payments', { bookingId, transactionId: id });
  };
  const payByBkash = async (who: Person, bookingId: string) => {
    const { redirectUrl } = await call<{ redirectUrl: string }>(who, 'POST', '/payments/bkash/start', { bookingId });
    await walkPaymentPage(redirectUrl);
    await call(who, 'POST', '/payments/bkash/complete', { bookingId, paymentId: new URL(redirectUrl).searchParams.get('paymentId'), status: 'success' });
  };
  const sale = async (who: Person, phone: (typeof SOLD)[keyof typeof SOLD], pay: typeof payByCard) => {
    const bookingId = await book(who, await list(seller, phone));
    await pay(who, bookingId);
    return bookingId;
  };

  // The verified seller is paid out to his bKash wallet (the payout follows a release at once).
  // Setting it needs a fresh code sent to his verified number, which the emulator keeps instead of sending.
  const { verificationId } = await call<{ verificationId: string }>(seller, 'POST', '/me/phone/confirmation');
  const { phone } = await call<{ phone: string }>(seller, 'GET', '/me/phone');
  const code = await emulatorCodeSentTo(targets.emulatorHost, phone, targets.projectId);
  await call(seller, 'PUT', '/payout-wallet', { number: '01770618575', repeat: '01770618575', confirmation: { verificationId, code } });

  const held = await sale(buyer, SOLD.held, payByCard);
  const received = await sale(buyer2, SOLD.received, payByBkash);
  await call(buyer2, 'POST', `/bookings/${received}/received`);
  const handedOver = await sale(buyer3, SOLD.handedOver, payByCard);
  const { held: money } = await call<{ held: { handoverCode: string } | null }>(buyer3, 'GET', `/bookings/${handedOver}`);
  await call(seller, 'POST', `/bookings/${handedOver}/handover`, { code: money?.handoverCode });
  const disputed = await sale(buyer, SOLD.disputed, payByBkash);
  await call(buyer, 'POST', `/bookings/${disputed}/dispute`, {
    reason: 'not-as-described',
    note: 'The listing said the battery was fine, but it lasts three hours and the phone gets hot while charging.',
  });
  await sale(buyer2, SOLD.heldToo, payByCard);

  // Ratings on the verified seller, one in Bangla, and his replies.
  const rate = (who: Person, bookingId: string, stars: number, comment: string) => call<{ insertedId: string }>(who, 'POST', `/bookings/${bookingId}/review`, { stars, comment });
  const first = await rate(buyer2, received, 5, 'Exactly as described, and he waited for me at the metro station. Would buy from Karim again.');
  const second = await rate(buyer3, handedOver, 4, 'ফোনটা ভালো, বিবরণের সাথে মিলে গেছে। দেখা করতে একটু দেরি হয়েছিল।');
  await rate(buyer, held, 5, 'Quick to answer and honest about the small scratch.');
  await call(seller, 'POST', `/reviews/${first.insertedId}/reply`, { reply: 'Thank you, Farhana! Enjoy the phone.' });
  await call(seller, 'POST', `/reviews/${second.insertedId}/reply`, { reply: 'দেরির জন্য দুঃখিত, রফিক ভাই। ধন্যবাদ!' });

  // A conversation between the demo buyer and the verified seller about one of his phones on sale.
  const phones = await call<{ _id: string; name: string }[]>(seller, 'GET', `/addedproducts?email=${encodeURIComponent(seller.email)}`);
  const asked = phones.find((phone) => phone.name.startsWith('iPhone 13 Pro')) ?? phones[0]!;
  const thread = await call<{ _id: string }>(buyer, 'POST', '/threads', { productId: asked._id });
  const say = (who: Person, body: string) => call(who, 'POST', `/threads/${thread._id}/messages`, { clientId: randomUUID(), body });
  await say(buyer, 'Hi, is the iPhone still available? What is the battery health?');
  await say(seller, 'Yes, it is. Battery health is 88%, and the box and cable are included.');
  await say(buyer, 'আমি কি কাল বিকেলে ধানমন্ডিতে দেখতে আসতে পারি?');
  await say(seller, 'Of course, after 4 pm at Dhanmondi 27 works for me.');

  // Bargaining (issue 47): the verified seller takes offers on one of his phones on sale; a buyer offered, he countered.
  const onSale = await call<{ _id: string; name: string; resalePrice: number; status: string }[]>(seller, 'GET', `/addedproducts?email=${encodeURIComponent(seller.email)}`);
  const bargain = onSale.find((phone) => phone.status === 'available' && phone._id !== asked._id);
  if (bargain) {
    const hundreds = (share: number) => Math.round((bargain.resalePrice * share) / 100) * 100;
    await call(seller, 'PUT', `/addedproducts/${bargain._id}/offers`, { openToOffers: true, lowestOffer: hundreds(0.85) });
    const offered = await call<{ _id: string }>(buyer2, 'POST', '/offers', { productId: bargain._id, amount: hundreds(0.88), note: 'Can you do this? I can pay with bKash today.' });
    await call(seller, 'POST', `/offers/${offered._id}/answer`, { action: 'counter', amount: hundreds(0.94), note: 'Meet me halfway and it is yours.' });
  }

  // A saved search, then a phone that matches it (its owner is told in Notifications).
  await call(buyer, 'POST', '/saved-searches', { name: 'Galaxy A54 under Tk 35,000', query: 'q=galaxy+a54&maxPrice=35000' });
  await list(otherSeller, { name: 'Galaxy A54 5G 8/256GB', brand: 'Samsung', image: 'galaxy-a54.svg', price: 34500, original: 54999, year: 2024 }, { condition: 'Excellent', description: 'Awesome Lime, 256 GB. Used for three months, full box.' });

  log('Demo history played: 5 sales (2 held, 1 received, 1 released by its handover code and paid out, 1 disputed), 3 ratings, a conversation, an offer countered and a saved search.');
  return 'played';
}
