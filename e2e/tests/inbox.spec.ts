import type { Page } from '@playwright/test';
import { apiAs, createAccount, expect, expectAccessible, expectNoSidewaysScroll, listPhone, signedIn, signIn, test } from '../fixtures';
import { releasesOf } from '../stack';

// Issue 26: a buyer and a seller talk about a listing, live, in the inbox slice; each in their own browser.


/** The conversation open on a page, and its messages. */
const conversation = (page: Page, name: string) => page.getByRole('region', { name: `Conversation with ${name}` });
const messages = (page: Page, name: string) => conversation(page, name).getByRole('list', { name: 'Messages' }).getByRole('listitem');

test('a buyer asks from the phone\'s page; the seller sees the count rise without a reload and answers; it arrives live, and a message written offline arrives once', async ({ browser }) => {
  test.setTimeout(120_000);
  const seller = await createAccount('Seller', 'Rahim Uddin');
  const buyer = await createAccount('Buyer', 'Karim Hossain');
  const phone = await listPhone(seller);

  // The seller is on another page, signed in: no count yet.
  const sellerPage = await signedIn(browser, seller);
  await sellerPage.goto('/dashboard/myproduct');
  const sellerInbox = sellerPage.getByRole('link', { name: /^Messages/ });
  await expect(sellerInbox).toBeVisible();
  await expect(sellerPage.getByTestId('unread-count')).toHaveCount(0);

  // The buyer asks from the phone's page.
  const buyerPage = await signedIn(browser, buyer);
  await buyerPage.goto(`/product/${phone.id}`);
  await buyerPage.getByRole('link', { name: 'Message the seller' }).click();
  await expect(buyerPage).toHaveURL(/\/inbox\/[0-9a-f-]{36}$/);
  const withSeller = conversation(buyerPage, seller.name);
  await expect(withSeller.getByRole('link', { name: new RegExp(phone.name) })).toBeVisible();
  await expect(withSeller).toContainText('Tk 12,500');
  await buyerPage.getByLabel('Your message').fill('Is the battery original?');
  await buyerPage.getByLabel('Your message').press('Enter');
  await expect(messages(buyerPage, seller.name).filter({ hasText: 'Is the battery original?' })).toBeVisible();
  await expect(buyerPage.getByText('Sending…')).toHaveCount(0);

  // Within a second, on the seller's other page, with no reload.
  const marker = await sellerPage.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));
  await expect(sellerPage.getByTestId('unread-count')).toHaveText(/1/, { timeout: 1000 });
  expect(await sellerPage.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);

  // The seller opens the inbox: the conversation, unread, and answers.
  await sellerInbox.click();
  const row = sellerPage.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(buyer.name) });
  await expect(row).toContainText('Is the battery original?');
  await expect(row.getByLabel('1 unread message')).toBeVisible();
  await row.click();
  await expect(messages(sellerPage, buyer.name).filter({ hasText: 'Is the battery original?' })).toBeVisible();
  await expect(sellerPage.getByTestId('unread-count')).toHaveCount(0);
  await sellerPage.getByLabel('Your message').fill('Yes, original. Meet at Mirpur 10?');
  await sellerPage.getByRole('button', { name: 'Send' }).click();

  // The buyer sees the answer in the open conversation within a second, and that the seller has seen the question.
  await expect(messages(buyerPage, seller.name).filter({ hasText: 'Yes, original. Meet at Mirpur 10?' })).toBeVisible({ timeout: 1000 });
  await expect(messages(buyerPage, seller.name).filter({ hasText: 'Is the battery original?' })).toContainText('Seen');

  // The buyer's connection drops: a message written meanwhile shows as sending, and goes once it is back.
  await buyerPage.context().setOffline(true);
  await buyerPage.getByLabel('Your message').fill('Tomorrow at 5?');
  await buyerPage.getByLabel('Your message').press('Enter');
  await expect(buyerPage.getByText('Sending…')).toBeVisible();
  await buyerPage.waitForTimeout(1500);
  await expect(buyerPage.getByText('Sending…')).toBeVisible();
  await buyerPage.context().setOffline(false);
  await expect(buyerPage.getByText('Sending…')).toHaveCount(0, { timeout: 10_000 });
  await expect(messages(sellerPage, buyer.name).filter({ hasText: 'Tomorrow at 5?' })).toHaveCount(1, { timeout: 10_000 });
  // Once, after a reload too.
  await sellerPage.reload();
  await expect(messages(sellerPage, buyer.name).filter({ hasText: 'Tomorrow at 5?' })).toHaveCount(1);
  await expectAccessible(sellerPage);

  await buyerPage.context().close();
  await sellerPage.context().close();
});

test('the seller writes first to someone who booked, from My Product; a listing taken down closes the conversation', async ({ page }) => {
  const seller = await createAccount('Seller');
  const buyer = await createAccount('Buyer', 'Nadia Islam');
  const phone = await listPhone(seller);
  const booked = await apiAs(buyer, 'POST', '/bookeditems', { id: phone.id, phone: '01811-000111', meetingLocation: 'Mirpur 10, Dhaka' });
  expect(booked.status).toBe(201);

  await signIn(page, seller);
  await page.goto('/dashboard/myproduct');
  await page.getByRole('button', { name: `Bookings (1) of ${phone.name}` }).click();
  await page.getByRole('link', { name: `Message the buyer, ${buyer.name}` }).click();
  await expect(conversation(page, buyer.name)).toBeVisible();
  await expect(conversation(page, buyer.name)).toContainText(`With the buyer, ${buyer.name}`);
  await page.getByLabel('Your message').fill('Thanks for booking. When can you come?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Sending…')).toHaveCount(0);

  // The listing taken down: the conversation stays readable and takes no more messages.
  expect((await apiAs(seller, 'DELETE', `/postedproduct/${phone.id}`)).status).toBe(200);
  await page.reload();
  await expect(conversation(page, buyer.name)).toContainText('This listing was removed: the conversation is closed.');
  await expect(messages(page, buyer.name).filter({ hasText: 'Thanks for booking' })).toBeVisible();
  await expect(page.getByLabel('Your message')).toHaveCount(0);
});

test('composed on the server and hydrated at 360 px, readable and accessible', async ({ page }) => {
  const seller = await createAccount('Seller', 'Rahim Uddin');
  const buyer = await createAccount('Buyer');
  const phone = await listPhone(seller);
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, buyer);
  await page.goto(`/product/${phone.id}`);
  await page.getByRole('link', { name: 'Message the seller' }).click();
  await expect(conversation(page, seller.name)).toBeVisible();
  await page.getByLabel('Your message').fill('Hello from a small phone');
  await page.getByLabel('Your message').press('Enter');
  await expect(page.getByText('Sending…')).toHaveCount(0);
  const address = page.url();
  // The server composes the conversation for its user: its HTML has the message before any script runs.
  const html = await (await page.request.get(address)).text();
  expect(html).toContain('Hello from a small phone');
  await page.goto(address);
  await expect(page.locator('#root[data-started="hydrated"]')).toBeAttached();
  await expect(messages(page, seller.name)).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.goto('/inbox');
  await expect(page.getByRole('list', { name: 'Conversations' }).getByRole('link')).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test('keeps working while the inbox is down, and Try again brings it back without a reload', async ({ page }) => {
  const buyer = await createAccount('Buyer');
  await signIn(page, buyer);
  const inbox = `${releasesOf('inbox')}**`;
  await page.route(inbox, (route) => route.abort('connectionrefused'));
  await page.goto('/inbox');
  await expect(page.getByRole('alert')).toContainText("We couldn't start your messages");
  await expect(page.getByRole('contentinfo')).toContainText('PhoneHaat');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await page.unroute(inbox);
  const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No conversations yet' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);
});
