import { apiAs, createAccount, demo, emailsTo as emailsOf, enterCard, expect, expectAccessible, expectNoSidewaysScroll, listPhone, signedIn, test, type Account, type CaughtEmail } from '../fixtures';

// Issue 27: told when it matters — the bell, the notifications page, and e-mails caught by the stack's maildev.

const emailsTo = (account: Account) => emailsOf(account.email);
const linkIn = (email: CaughtEmail, label: string) => new URL(email.text.match(new RegExp(`${label}: (\\S+)`))![1]!);


test('a seller hears of a booking and its payment: the bell rises live, each notification leads to the listing, the e-mails arrive, and a kind turned off stops', async ({ browser }) => {
  test.setTimeout(120_000);
  const seller = await createAccount('Seller', 'Rahim Uddin');
  const buyer = await createAccount('Buyer', 'Karim Hossain');
  const phone = await listPhone(seller);

  const sellerPage = await signedIn(browser, seller);
  await sellerPage.goto('/dashboard/myproduct');
  const bell = sellerPage.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await expect(sellerPage.getByTestId('bell-count')).toHaveCount(0);

  // The buyer books through the brand page and pays by card.
  const buyerPage = await signedIn(browser, buyer);
  await buyerPage.goto(`/products/${phone.brandId}`);
  await buyerPage.getByRole('button', { name: `Book Now: ${phone.name}` }).click();
  const dialog = buyerPage.getByRole('dialog');
  await dialog.getByLabel('Phone number').fill('01811-000111');
  await dialog.getByLabel('Meeting location').fill('Mirpur 10, Dhaka');
  await dialog.getByRole('button', { name: 'Submit booking' }).click();
  await expect(buyerPage).toHaveURL(/\/dashboard\/myorders$/);

  // The seller's bell, on a page already open, within a second and with no reload.
  await expect(sellerPage.getByTestId('bell-count')).toHaveText(/1/, { timeout: 1000 });
  await expect(bell).toHaveAccessibleName('Notifications 1 unread notification');

  await buyerPage.getByTestId('order').filter({ hasText: phone.name }).getByRole('link', { name: `Pay for ${phone.name}` }).click();
  await enterCard(buyerPage, '4242 4242 4242 4242');
  await buyerPage.getByRole('button', { name: /Pay/ }).click();
  await expect(buyerPage.getByRole('heading', { name: 'Your payment is completed' })).toBeVisible();
  await expect(sellerPage.getByTestId('bell-count')).toHaveText(/2/, { timeout: 1000 });

  // The notifications, in words, newest first; opening one leads to the listing and marks it read.
  await bell.click();
  const list = sellerPage.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('link')).toHaveCount(2);
  await expect(list.getByRole('link').nth(0)).toContainText(`Unread: ${phone.name} is paid for: Tk 12,500. PhoneHaat holds it until the handover: enter the buyer's code in My Product.`);
  await expect(list.getByRole('link').nth(1)).toContainText(`Unread: Karim Hossain booked your ${phone.name} at Tk 12,500.`);
  await expectAccessible(sellerPage);
  await list.getByRole('link', { name: /booked your/ }).click();
  await expect(sellerPage).toHaveURL(/\/dashboard\/myproduct$/);
  await expect(sellerPage.getByTestId('bell-count')).toHaveText(/1/);

  // The e-mails, caught by the stack's mail server: the seller's two, the buyer's receipt.
  await expect.poll(async () => (await emailsTo(seller)).map((email) => email.subject).sort(), { timeout: 15_000 }).toEqual(
    [`Karim Hossain booked your ${phone.name}`, `${phone.name} is paid for: Tk 12,500`].sort(),
  );
  await expect.poll(async () => (await emailsTo(buyer)).map((email) => email.subject), { timeout: 15_000 }).toEqual([`Your payment for ${phone.name} went through`]);
  const booked = (await emailsTo(seller)).find((email) => email.subject.includes('booked'))!;
  // The e-mail's link opens the thing in the web app.
  await sellerPage.goto(linkIn(booked, 'See the booking').pathname);
  await expect(sellerPage.getByRole('heading', { name: 'My Product' })).toBeVisible();

  // Its footer's unsubscribe link: a page that asks first, then turns that kind off.
  const unsubscribe = new URL(booked.text.trim().split('\n').at(-1)!);
  await sellerPage.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
  await sellerPage.getByRole('button', { name: 'Stop these e-mails' }).click();
  await expect(sellerPage.getByRole('status')).toContainText('Done: no more e-mails when someone books one of my phones.');
  await sellerPage.getByRole('link', { name: 'Change all your e-mail settings' }).click();
  await expect(sellerPage.getByRole('checkbox', { name: 'someone books one of my phones' })).not.toBeChecked();
  await expectNoSidewaysScroll(sellerPage);

  // Another booking: the bell rises, but no e-mail of that kind comes.
  const second = await listPhone(seller);
  const other = await createAccount('Buyer', 'Nusrat Jahan');
  expect((await apiAs(other, 'POST', '/bookeditems', { id: second.id, phone: '01911000111', meetingLocation: 'Uttara' })).status).toBe(201);
  await sellerPage.goto('/notifications');
  await expect(sellerPage.getByRole('list', { name: 'Notifications' }).getByRole('link').first()).toContainText(`Nusrat Jahan booked your ${second.name} at Tk 12,500.`);
  await sellerPage.waitForTimeout(3000);
  expect((await emailsTo(seller)).filter((email) => email.subject.includes('Nusrat'))).toEqual([]);

  await buyerPage.context().close();
  await sellerPage.context().close();
});

test('a buyer saves a search; a matching phone is listed: the buyer is told at once, and the day\'s digest e-mails its link, which opens the phone', async ({ browser }) => {
  test.setTimeout(120_000);
  const buyer = await createAccount('Buyer', 'Nusrat Jahan');
  const seller = await createAccount('Seller');
  const model = `Zenfone${Math.random().toString(36).slice(2, 7)}`;

  const page = await signedIn(browser, buyer);
  await page.goto(`/search?q=${model}`);
  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByLabel('Name')).toHaveValue(model);
  await dialog.getByLabel('Name').fill(`${model} deals`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'New phones that match will show in your notifications' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // A matching phone and one that does not match.
  const phone = await listPhone(seller, { name: `${model} 8/256GB` });
  await listPhone(seller, { name: 'Nokia G21 unrelated' });
  await expect(page.getByTestId('bell-count')).toHaveText(/1/, { timeout: 5000 });
  await page.getByRole('link', { name: /^Notifications/ }).click();
  const told = page.getByRole('list', { name: 'Notifications' }).getByRole('link');
  await expect(told).toHaveCount(1);
  await expect(told.first()).toContainText(`1 new phone for your saved search ${model} deals.`);
  // The server composes the notifications for their person: the HTML has them before any script runs; then hydrated.
  expect(await (await page.request.get('/notifications')).text()).toContain(`${model} deals`);
  await page.goto('/notifications');
  await expect(page.locator('#root[data-started="hydrated"]')).toBeAttached();
  await expect(told).toHaveCount(1);

  // No e-mail until the digest; then one, whose link opens the phone.
  expect(await emailsTo(buyer)).toEqual([]);
  expect((await apiAs<{ emails: number }>(demo.admin, 'POST', '/admin/digests')).status).toBe(200);
  await expect.poll(async () => (await emailsTo(buyer)).map((email) => email.subject), { timeout: 15_000 }).toEqual(['1 new phone for your saved searches']);
  const [digest] = await emailsTo(buyer);
  const link = new URL(digest!.text.match(new RegExp(`${phone.name} — Tk 12,500 \\(${model} deals\\): (\\S+)`))![1]!);
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { name: phone.name, level: 1 })).toBeVisible();

  // The saved search is listed, and can be deleted.
  await page.goto('/notifications/searches');
  await expect(page.getByRole('list', { name: 'Your saved searches' }).getByRole('link', { name: `${model} deals` })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Delete ${model} deals` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No saved searches yet')).toBeVisible();
  await page.context().close();
});
