// Scams caught where they start (issue 70): a message that asks for money "sent by mistake" back carries a warning under
// it for its reader, in the reader's language (Bangla, at 360 px); ordinary talk carries none; its sender is told why;
// the admin finds it in Reports and holds its sender, whose next new conversation waits until the admin releases them.
import { apiAs, createAccount, demo, expect, listPhone, screenshot, signedIn, test } from '../fixtures';

test('the buyer reads a warning under the seller\'s "sent by mistake" message in Bangla at 360 px; their own question carries none; the admin holds the seller', async ({ browser }) => {
  const seller = await createAccount('Seller', 'Rahim Uddin');
  const buyer = await createAccount('Buyer', 'Karim Hossain');
  const phone = await listPhone(seller);
  const opened = await apiAs<{ _id: string }>(buyer, 'POST', '/threads', { productId: phone.id });
  const threadId = opened.body._id;
  const sent = await apiAs(seller, 'POST', `/threads/${threadId}/messages`, { clientId: crypto.randomUUID(), body: 'ভুল করে ৫০০০ টাকা পাঠিয়েছি, ফেরত দিন' });
  expect(sent.status).toBe(201);

  const page = await signedIn(browser, buyer, { width: 360, height: 780 });
  await page.goto(`/bn/inbox/${threadId}`);
  const list = page.getByRole('list', { name: 'বার্তাগুলো' });
  const scam = list.getByRole('listitem').filter({ hasText: 'ভুল করে ৫০০০ টাকা পাঠিয়েছি, ফেরত দিন' });
  const warning = scam.getByRole('note', { name: 'সাবধান: এই বার্তাটি প্রতারণা হতে পারে' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('“ভুল করে টাকা পাঠিয়েছি” একটি পরিচিত প্রতারণা');

  // The buyer's own ordinary question: delivered, no warning anywhere on it.
  await page.getByLabel('আপনার বার্তা').fill('is it still available? can we meet at Mirpur 10?');
  await page.getByLabel('আপনার বার্তা').press('Enter');
  const question = list.getByRole('listitem').filter({ hasText: 'is it still available? can we meet at Mirpur 10?' });
  await expect(question).toBeVisible();
  await expect(page.getByText('পাঠানো হচ্ছে…')).toHaveCount(0);
  await expect(question.getByRole('note')).toHaveCount(0);
  await expect(page.getByTestId('scam-warning')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, 'scam-warning-bn');

  // The same message read in English: the warning in the reader's language, whatever the message's.
  await page.goto(`/inbox/${threadId}?lang=en`);
  const english = page.getByRole('note', { name: 'Be careful: this message may be a scam' });
  await expect(english).toContainText('“Money sent by mistake” is a common trick');
  await screenshot(page, 'scam-warning-en');

  // The seller, in English, is told kindly why theirs was flagged.
  const sellerPage = await signedIn(browser, seller);
  await sellerPage.goto(`/inbox/${threadId}`);
  await expect(sellerPage.getByTestId('scam-note')).toContainText('PhoneHaat showed the other person a safety note under this message');
  await expect(sellerPage.getByTestId('scam-warning')).toHaveCount(0);

  // The admin sees the flagged message in Reports, under its listing, reported by PhoneHaat's rules.
  const admin = await signedIn(browser, demo.admin);
  await admin.goto('/dashboard/reports');
  const card = admin.getByTestId('report-group').filter({ hasText: phone.name });
  await expect(card.getByTestId('flagged-by-rules')).toHaveText("Flagged by PhoneHaat's scam rules: money “sent by mistake” to be sent back");
  await expect(card).toContainText('ভুল করে ৫০০০ টাকা পাঠিয়েছি, ফেরত দিন');

  // The admin holds the seller from the report: the panel of held people lists them, the card says so.
  await card.getByRole('button', { name: 'Hold the sender (Rahim Uddin)' }).first().click();
  await expect(admin.getByText('Rahim Uddin is held for review')).toBeVisible();
  const held = admin.getByTestId('held-sender').filter({ hasText: seller.email });
  await expect(held).toContainText('Held by');
  await expect(card.getByTestId('sender-held').first()).toBeVisible();

  // Held, the seller answers a new buyer: it waits, and they are told so; the new buyer does not see it.
  const another = await createAccount('Buyer', 'Nusrat Jahan');
  const second = (await apiAs<{ _id: string }>(another, 'POST', '/threads', { productId: phone.id })).body._id;
  await apiAs(another, 'POST', `/threads/${second}/messages`, { clientId: crypto.randomUUID(), body: 'Is it still available?' });
  await sellerPage.goto(`/inbox/${second}`);
  await sellerPage.getByLabel('Your message').fill('Yes, pay Tk 2,000 advance to 01712345678');
  await sellerPage.getByLabel('Your message').press('Enter');
  const waiting = sellerPage.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Yes, pay Tk 2,000 advance to 01712345678' });
  await expect(waiting.getByTestId('held-note')).toHaveText("Waiting for PhoneHaat's review: the other person will see it once the team has looked at your account.");
  const readBy = async () => (await apiAs<{ messages: { body: string }[] }>(another, 'GET', `/threads/${second}`)).body.messages.map((m) => m.body);
  expect(await readBy()).toEqual(['Is it still available?']);

  // The admin releases them: what waited is delivered, and said so.
  await held.getByRole('button', { name: 'Release' }).click();
  await expect(admin.getByText('Rahim Uddin released: 1 waiting message delivered')).toBeVisible();
  await expect(held).toHaveCount(0);
  expect(await readBy()).toEqual(['Is it still available?', 'Yes, pay Tk 2,000 advance to 01712345678']);
});
