// Issue 65: what a new buyer in Bangla on a 360 px phone trips on, from the first visit to a booking.
import { randomUUID } from 'node:crypto';
import { apiAs, createAccount, demo, expect, expectNoSidewaysScroll, listPhone, signedIn, test, uniqueEmail } from '../fixtures';
import { apiUrl } from '../stack';

const phone = { width: 360, height: 740 };

test.describe('a first visit on a phone', () => {
  test('the home page shows phones on its first screen at 360 px, and offers Register only to a visitor', async ({ browser }) => {
    for (const language of ['', '/bn']) {
      const page = await browser.newPage({ viewport: phone });
      await page.goto(`${language}/`);
      const firstCard = page.getByTestId('advertised-grid').getByRole('article').first();
      await expect(firstCard).toBeVisible();
      // The first phone's picture starts within the first screen (not only the sellers' banner and the brands).
      const box = (await firstCard.locator('img').first().boundingBox())!;
      expect(box.y).toBeLessThan(phone.height - 80);
      await expect(page.getByRole('link', { name: language ? 'নিবন্ধন করুন' : 'Register' }).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.close();
    }
    // Signed in: no Register anywhere on the page (a seller is asked to list a phone instead).
    const buyer = await signedIn(browser, demo.buyer, phone);
    await buyer.goto('/');
    await expect(buyer.getByTestId('advertised-grid').getByRole('article').first()).toBeVisible();
    await expect(buyer.getByRole('link', { name: 'Register', includeHidden: true })).toHaveCount(0);
    await buyer.context().close();
    const seller = await signedIn(browser, demo.seller, phone);
    await seller.goto('/');
    await expect(seller.getByRole('link', { name: 'List a phone' })).toBeVisible();
    await expect(seller.getByRole('link', { name: 'Register', includeHidden: true })).toHaveCount(0);
    await seller.context().close();
  });

  test("a visitor sent to sign in from a brand's page is told why, sees the mobile number first, makes an account and lands back on the brand's page", async ({ browser }) => {
    const brands = (await (await fetch(`${apiUrl}/categories`)).json()) as { _id: string; name: string; onSale: number }[];
    const samsung = brands.find((brand) => brand.name === 'Samsung')!;
    expect(samsung.onSale).toBeGreaterThan(0);
    const page = await (await browser.newContext({ viewport: phone })).newPage();
    await page.goto('/bn/');
    await page.getByRole('link', { name: /Samsung/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/bn/login');
    const count = new Intl.NumberFormat('bn-BD').format(samsung.onSale);
    await expect(page.getByTestId('sign-in-reason')).toHaveText(`বিক্রির জন্য থাকা Samsung-এর ${count}টি ফোনই দেখতে সাইন ইন করুন — মোবাইল নম্বর দিয়ে, এক মিনিটে।`);
    // On a phone the mobile number comes first, above the e-mail form.
    const number = (await page.getByTestId('phone-sign-in').getByLabel('মোবাইল নম্বর').boundingBox())!;
    const email = (await page.getByLabel('ইমেইল').boundingBox())!;
    expect(number.y).toBeLessThan(email.y);
    await expectNoSidewaysScroll(page);

    // A new person makes an account: the way back is kept, and the new account lands on Samsung's phones.
    await page.getByRole('link', { name: 'অ্যাকাউন্ট খুলুন' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/bn/signup' && url.searchParams.get('from') === `/products/${samsung._id}`);
    await expect(page.getByTestId('sign-in-reason')).toContainText('Samsung');
    await page.getByLabel('নাম', { exact: true }).fill('সুমাইয়া আক্তার');
    await page.getByLabel('ইমেইল').fill(uniqueEmail('first-visit'));
    await page.getByLabel('পাসওয়ার্ড').fill('e2e-password-1');
    await page.getByLabel('অ্যাকাউন্টের ধরন').selectOption('Buyer');
    await page.getByRole('main').getByRole('button', { name: 'নিবন্ধন করুন', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/bn/products/${samsung._id}`);
    await expect(page.getByRole('heading', { name: 'Samsung ফোন' })).toBeVisible();
    await page.context().close();
  });

  test('the sign-in page says why for a search and for a phone, and signing in comes back to it', async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto('/search?q=galaxy');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page.getByTestId('sign-in-reason')).toHaveText('Sign in to see the phones on sale for “galaxy” — with your mobile number, in a minute.');
    await page.getByLabel('Email').fill(demo.buyer.email);
    await page.getByLabel('Password').fill(demo.buyer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'galaxy');
    // A phone's page: what waits is booking it, an offer or a message.
    const listing = (await apiAs<{ products: { _id: string }[] }>(demo.buyer, 'GET', '/search?q=galaxy')).body.products[0]!;
    const visitor = await (await page.context().browser()!.newContext({ viewport: phone })).newPage();
    await visitor.goto(`/product/${listing._id}`);
    await visitor.getByRole('article').getByRole('link', { name: 'Book Now', exact: true }).click();
    await expect(visitor.getByTestId('sign-in-reason')).toContainText('Sign in to book this phone, make an offer or message the seller');
    await visitor.context().close();
  });

  test('after sending an offer at 360 px, what happened is on the screen: the confirmation, or the polite decline of an offer too low', async ({ browser }) => {
    const seller = await createAccount('Seller');
    const listed = await listPhone(seller, { resalePrice: 32_000, originalPrice: 40_000, openToOffers: true, lowestOffer: 25_000 });
    for (const [amount, outcome] of [
      ['২০,০০০', 'ধন্যবাদ: বিক্রেতা এত কম দামের প্রস্তাব নেন না।'],
      ['৩০,০০০', 'আপনি ৳৩০,০০০ প্রস্তাব দিয়েছেন: বিক্রেতার উত্তরের অপেক্ষা।'],
    ] as const) {
      const page = await signedIn(browser, await createAccount('Buyer'), phone);
      await page.goto(`/bn/product/${listed.id}`);
      const form = page.getByRole('region', { name: 'দাম প্রস্তাব করুন' });
      await expect(async () => {
        await form.getByLabel('আপনার প্রস্তাব, টাকায়').fill(amount);
        await expect(form.getByTestId('offer-guidance')).toBeVisible({ timeout: 1_000 });
      }).toPass();
      // Typing the note, the phone's keyboard takes the screen's lower half; the thumb then finds Send at its bottom edge.
      await page.setViewportSize({ width: phone.width, height: 400 });
      await form.getByLabel('বিক্রেতার জন্য একটি নোট (ইচ্ছা হলে)').fill('আজই নিতে পারি');
      const send = form.getByRole('button', { name: 'প্রস্তাব পাঠান' });
      await send.evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().bottom - window.innerHeight + 8));
      await send.click();
      const status = form.getByRole('status');
      await expect(status).toContainText(outcome);
      // Wholly on the screen, where the person is looking, without scrolling back up to find it.
      await expect(status).toBeInViewport({ ratio: 1 });
      await page.context().close();
    }
  });

  test('a visitor who taps Make an offer signs in and lands at the offer form, ready to type', async ({ page }) => {
    const listed = await listPhone(await createAccount('Seller'), { resalePrice: 32_000, originalPrice: 40_000, openToOffers: true, lowestOffer: 25_000 });
    const buyer = await createAccount('Buyer');
    await page.setViewportSize(phone);
    await page.goto(`/product/${listed.id}`);
    await page.getByRole('article').getByRole('link', { name: 'Make an offer' }).click();
    await expect(page.getByTestId('sign-in-reason')).toContainText('make an offer');
    await page.getByLabel('Email').fill(buyer.email);
    await page.getByLabel('Password').fill(buyer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/product/${listed.id}` && url.hash === '#offer');
    const form = page.getByRole('region', { name: 'Make an offer' });
    await expect(form.getByLabel('Your offer, in taka')).toBeInViewport();
    await expect(form.getByLabel('Your offer, in taka')).toBeFocused();
  });

  test('at 360 px My Orders uses the width, and what is unread is counted on the menu button without opening it', async ({ browser }) => {
    const seller = await createAccount('Seller');
    const listed = await listPhone(seller);
    const buyer = await createAccount('Buyer');
    expect((await apiAs(buyer, 'POST', '/bookeditems', { id: listed.id, phone: '01811-000111', meetingLocation: 'Mirpur 10, Dhaka' })).status).toBe(201);
    const { body: me } = await apiAs<{ _id: string }>(buyer, 'GET', '/me');
    const thread = await apiAs<{ _id: string }>(seller, 'POST', '/threads', { productId: listed.id, buyerId: me._id });
    expect((await apiAs(seller, 'POST', `/threads/${thread.body._id}/messages`, { clientId: randomUUID(), body: 'আজ বিকেলে দেখা করতে পারবেন?' })).status).toBe(201);

    const page = await signedIn(browser, buyer, phone);
    await page.goto('/bn/dashboard/myorders');
    const order = page.getByTestId('order').filter({ hasText: listed.name });
    await expect(order).toBeVisible();
    // The details run under the picture, across the card: not a narrow column beside an empty one.
    const card = (await order.boundingBox())!;
    const details = (await order.getByText('দেখা হবে:').boundingBox())!;
    expect(details.x - card.x).toBeLessThan(24);
    // The menu is folded; the unread conversation is counted on its button.
    await expect(page.getByRole('navigation', { name: 'প্রধান' }).getByRole('button', { name: /মেনু/ })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('menu-count')).toContainText('১টি কথোপকথন না-পড়া');
    await expectNoSidewaysScroll(page);
    await page.context().close();
  });
});
