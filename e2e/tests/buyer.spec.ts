import type { Page } from '@playwright/test';
import { apiAs, createAccount, demo, enterCard, expect, expectAccessible, expectSentToLogin, expectNoSidewaysScroll, listPhone, signIn, test, holdAppCode } from '../fixtures';

async function bookThroughBrandPage(page: Page, phone: { name: string; brandId: string }) {
  await page.goto(`/products/${phone.brandId}`);
  await page.getByRole('button', { name: `Book Now: ${phone.name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Phone number').fill('01811-000111');
  await dialog.getByLabel('Meeting location').fill('Mirpur 10, Dhaka');
  await dialog.getByRole('button', { name: 'Submit booking' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
}

test.describe('a buyer', () => {
  test('pays for a booked phone by card, sees the transaction, and My Orders says Paid; the next buyer finds it sold', async ({ page, browser }) => {
    const seller = await createAccount('Seller');
    const phone = await listPhone(seller);
    const buyer = await createAccount('Buyer');
    await signIn(page, buyer);
    await bookThroughBrandPage(page, phone);

    const order = page.getByTestId('order').filter({ hasText: phone.name });
    await expect(order).toContainText('Tk 12,500');
    await expect(order).toContainText('Mirpur 10, Dhaka');
    await expectAccessible(page);
    await order.getByRole('link', { name: `Pay for ${phone.name}` }).click();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await expect(page.getByText(/Amount/)).toContainText('Tk 12,500');
    const pay = page.getByRole('button', { name: /Pay/ });
    await expect(pay).toBeEnabled();
    await expectAccessible(page);

    // Stripe's test card that is declined: its message in red, nothing recorded.
    await enterCard(page, '4000 0000 0000 0002');
    await pay.click();
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    const [red, green, blue] = (await page.getByRole('alert').evaluate((node) => getComputedStyle(node).color)).match(/\d+/g)!.map(Number);
    expect(red).toBeGreaterThan(150); // shown in red
    expect(Math.max(green!, blue!)).toBeLessThan(80);
    const bookings = await apiAs<{ _id: string; name: string; paid: boolean }[]>(buyer, 'GET', `/bookeditems?email=${encodeURIComponent(buyer.email)}`);
    expect(bookings.body.find((b) => b.name === phone.name)?.paid).toBe(false);

    // Then the card that succeeds.
    await enterCard(page, '4242 4242 4242 4242');
    await pay.click();
    await expect(page.getByRole('heading', { name: 'Your payment is completed' })).toBeVisible();
    await expect(page.getByText('Payment Successful')).toBeVisible();
    const transactionId = (await page.getByTestId('transaction-id').textContent())!;
    expect(transactionId).toMatch(/^pi_/);

    // A reload cannot pay twice: the page knows the booking is paid.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your payment is completed' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Pay/ })).toHaveCount(0);

    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    await expect(page.getByTestId('order').filter({ hasText: phone.name })).toContainText('Paid');
    await expect(page.getByTestId('order').filter({ hasText: phone.name })).toContainText(transactionId);

    // A second buyer who had booked the same phone sees it is gone, with no Pay link.
    const late = await createAccount('Buyer');
    const booked = await apiAs(late, 'POST', '/bookeditems', { id: phone.id, phone: '01911000111', meetingLocation: 'Uttara' });
    expect(booked.status).toBe(409); // sold: the server refuses new bookings
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    const earlier = await createAccount('Buyer');
    const seller2 = await createAccount('Seller');
    const contested = await listPhone(seller2);
    await apiAs(earlier, 'POST', '/bookeditems', { id: contested.id, phone: '01911000111', meetingLocation: 'Uttara' });
    await apiAs(buyer, 'POST', '/bookeditems', { id: contested.id, phone: '01811000111', meetingLocation: 'Mirpur' });
    // The first buyer pays for the contested phone through the page.
    const buyerOrders = await apiAs<{ _id: string; name: string }[]>(buyer, 'GET', `/bookeditems?email=${encodeURIComponent(buyer.email)}`);
    await page.goto(`/dashboard/payment/${buyerOrders.body.find((b) => b.name === contested.name)!._id}`);
    await enterCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: /Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Your payment is completed' })).toBeVisible();
    await signIn(otherPage, earlier);
    await otherPage.goto('/dashboard/myorders');
    const gone = otherPage.getByTestId('order').filter({ hasText: contested.name });
    await expect(gone).toContainText('Sold to someone else');
    await expect(gone).toContainText('Another buyer paid for this phone first.');
    await expect(gone.getByRole('link', { name: /Pay/ })).toHaveCount(0);

    // Its seller sees who booked it and who paid, to hand the phone over.
    const sellerContext = await browser.newContext();
    const sellerPage = await sellerContext.newPage();
    await signIn(sellerPage, seller2);
    await sellerPage.goto('/dashboard/myproduct');
    await sellerPage.getByRole('button', { name: `Bookings (2) of ${contested.name}` }).click();
    const bookingsDialog = sellerPage.getByRole('dialog', { name: `Bookings of ${contested.name}` });
    const paidBooking = bookingsDialog.getByTestId('listing-booking').first();
    await expect(paidBooking).toContainText(new RegExp(`Sold to ${buyer.name}, paid Tk 12,500 on .*: meet at Mirpur`));
    await expect(bookingsDialog.getByTestId('listing-booking').nth(1)).toContainText('Not paid yet');
    await expectAccessible(sellerPage);
    await sellerPage.setViewportSize({ width: 360, height: 740 });
    await expectNoSidewaysScroll(sellerPage);
    await sellerContext.close();
    await other.close();
  });
});

test.describe('buyer pages', () => {
  test('send a seller and an anonymous visitor to login', async ({ page }) => {
    for (const path of ['/dashboard/myorders', '/dashboard/payment/7d4f6f43-6b1f-4a43-8b8e-1a2b3c4d5e60']) {
      await page.goto(path);
      await expectSentToLogin(page, path);
    }
    await signIn(page, demo.seller);
    for (const path of ['/dashboard/myorders', '/dashboard/payment/7d4f6f43-6b1f-4a43-8b8e-1a2b3c4d5e60']) {
      await page.goto(path);
      await expectSentToLogin(page, path);
    }
  });

  test('work on a 360 px phone', async ({ page }) => {
    const seller = await createAccount('Seller');
    const phone = await listPhone(seller);
    const buyer = await createAccount('Buyer');
    const booking = await apiAs<{ insertedId: string }>(buyer, 'POST', '/bookeditems', { id: phone.id, phone: '01811000111', meetingLocation: 'Dhanmondi 27, Dhaka' });
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, buyer);
    await page.goto('/dashboard/myorders');
    await expect(page.getByTestId('order')).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await page.goto(`/dashboard/payment/${booking.body.insertedId}`);
    await expect(page.getByRole('button', { name: /Pay/ })).toBeEnabled();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test("come back to a buyer's own page without waiting for the sign-in service, and leave when it no longer knows them", async ({ page }) => {
    const seller = await createAccount('Seller');
    const phone = await listPhone(seller);
    const buyer = await createAccount('Buyer');
    await apiAs(buyer, 'POST', '/bookeditems', { id: phone.id, phone: '01811000111', meetingLocation: 'Dhanmondi 27, Dhaka' });
    await signIn(page, buyer);
    // Firebase's service does not answer at all: the API's own token is enough to show the orders (decision 017).
    await page.route('**/identitytoolkit.googleapis.com/**', () => undefined);
    await page.goto('/dashboard/myorders');
    await expect(page.getByTestId('order')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    // Signed out of Firebase meanwhile (its session is gone from this browser): the next load ends the session.
    await page.unroute('**/identitytoolkit.googleapis.com/**');
    await page.goto('/favicon.svg'); // same origin, no app holding the database open
    await page.evaluate(() => new Promise((resolve, reject) => Object.assign(indexedDB.deleteDatabase('firebaseLocalStorageDb'), { onsuccess: resolve, onerror: reject, onblocked: reject })));
    await page.goto('/dashboard/myorders');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    // Signing in again returns to the orders.
    await signIn(page, buyer);
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
    await expect(page.getByTestId('order')).toHaveCount(1);
  });

  test("arrive as HTML composed for the returning buyer, which the app then takes over", async ({ page, browser }) => {
    const seller = await createAccount('Seller');
    const phone = await listPhone(seller);
    const buyer = await createAccount('Buyer');
    await signIn(page, buyer);
    // The server composes the brand page with the buyer's session (decision 018): their phones, their navbar.
    const html = await (await page.request.get(`/products/${phone.brandId}`)).text();
    expect(html).toContain(`data-for="${buyer.email}"`);
    expect(html).toContain(phone.name);
    expect(html).toMatch(/>Dashboard</);
    // A visitor asking for it gets no one's page: the app sends them to login.
    const visitor = await browser.newContext();
    const visitorHtml = await (await visitor.request.get(`/products/${phone.brandId}`)).text();
    expect(visitorHtml).toContain('<div id="root"></div>');
    expect(visitorHtml).not.toContain(phone.name);
    await visitor.close();
    // In the browser: the composed page shows before the shell's code has run, then the app's own page replaces it.
    const release = await holdAppCode(page);
    await page.goto(`/products/${phone.brandId}`);
    await expect(page.locator(`#root[data-for="${buyer.email}"]`)).toBeAttached();
    await expect(page.getByRole('heading', { name: phone.name })).toBeVisible();
    // A tap on Book Now meanwhile is kept: the booking form opens once the app has taken the page over.
    await page.getByRole('button', { name: `Book Now: ${phone.name}` }).click();
    release();
    await expect(page.locator('#root[data-started="hydrated"]')).toBeAttached();
    await expect(page.getByRole('dialog').getByLabel('Phone number')).toBeVisible();
    await page.keyboard.press('Escape');

    // Their orders too, inside the dashboard's menu, read with their token.
    await apiAs(buyer, 'POST', '/bookeditems', { id: phone.id, phone: '01811000111', meetingLocation: 'Dhanmondi 27, Dhaka' });
    const orders = await (await page.request.get('/dashboard/myorders')).text();
    expect(orders).toContain(`data-for="${buyer.email}"`);
    expect(orders).toContain(`Pay for ${phone.name}`);
    expect(orders).toMatch(/aria-label="Dashboard menu"/);
    const releaseOrders = await holdAppCode(page);
    await page.goto('/dashboard/myorders');
    await expect(page.locator('#root[data-composed]')).toBeAttached();
    await expect(page.getByTestId('order')).toHaveCount(1);
    releaseOrders();
    await expect(page.locator('#root[data-started="hydrated"]')).toBeAttached();
    await expect(page.getByRole('link', { name: `Pay for ${phone.name}` })).toBeVisible();
  });

  test('show an empty state with a way to browse', async ({ page }) => {
    await signIn(page, await createAccount('Buyer'));
    await page.goto('/dashboard/myorders');
    await expect(page.getByText('No orders yet')).toBeVisible();
    await page.getByRole('link', { name: 'Browse phones' }).click();
    await expect(page.getByRole('heading', { name: 'Browse By Category' })).toBeVisible();
  });
});
