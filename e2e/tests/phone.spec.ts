// A verified phone number (issue 46), as a person does it: in Bangla on a phone, their number typed with Bangla
// digits, the code the Auth emulator would have sent by SMS read from its list, a wrong code told, the right one kept.
import { apiUrl, publicEnv } from '../stack';
import { apiAs, codeSentTo, createAccount, emailsTo, expect, expectAccessible, expectNoSidewaysScroll, freshPhoneNumber, listPhone, signedIn, test } from '../fixtures';

const toBangla = (digits: string) => digits.replace(/\d/g, (digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)]!);

test.describe('a verified phone number', () => {
  test('a seller verifies their number in Bangla at 360 px: a code by SMS, a wrong one told, the right one kept; buyers see the mark', async ({ browser }) => {
    const seller = await createAccount('Seller', undefined, { phone: false });
    const number = freshPhoneNumber();
    const page = await signedIn(browser, seller, { width: 360, height: 740 });
    await page.goto('/bn/notifications/settings');
    const form = page.getByRole('form', { name: 'আপনার ফোন নম্বর' });
    await form.getByLabel('মোবাইল নম্বর').fill(toBangla(`${number.slice(0, 5)}-${number.slice(5)}`));
    await form.getByRole('button', { name: 'কোড পাঠান' }).click();
    await expect(form.getByText(`${toBangla(number)} নম্বরে পাঠানো ৬ অঙ্কের কোডটি দিন।`)).toBeVisible();
    const code = await codeSentTo(number);

    await form.getByLabel('কোড').fill(code === '000000' ? '111111' : '000000');
    await form.getByRole('button', { name: 'যাচাই করুন' }).click();
    await expect(form.getByLabel('কোড')).toHaveAccessibleDescription('কোডটি ঠিক নয়: আর ৪ বার চেষ্টা করা যাবে');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await form.getByLabel('কোড').fill(toBangla(code));
    await form.getByRole('button', { name: 'যাচাই করুন' }).click();
    await expect(page.getByTestId('phone-verified')).toContainText(`আপনার নম্বর ${toBangla(number)} যাচাই করা আছে`);
    // Kept: after a reload too.
    await page.reload();
    await expect(page.getByTestId('phone-verified')).toContainText(`আপনার নম্বর ${toBangla(number)} যাচাই করা আছে`);
    await page.context().close();

    // A buyer sees the mark on the seller's phone: on its page, beside the seller's name.
    const phone = await listPhone(seller);
    const buyer = await signedIn(browser, await createAccount('Buyer'), { width: 360, height: 740 });
    await buyer.goto(`/bn/product/${phone.id}`);
    await expect(buyer.getByRole('region', { name: 'বিক্রেতা' }).getByTitle('ফোন নম্বর যাচাই করা')).toBeVisible();
    await expectNoSidewaysScroll(buyer);
    await buyer.context().close();
  });

  test('an e-mail buyer without a number is asked for one when booking, in Bangla at 360 px, and carries on to the booking', async ({ browser }) => {
    const seller = await createAccount('Seller', 'Rahim Seller');
    const phone = await listPhone(seller);
    const page = await signedIn(browser, await createAccount('Buyer', 'Mitu Buyer', { phone: false }), { width: 360, height: 740 });
    await page.goto(`/bn/products/${phone.brandId}`);
    await page.getByRole('button', { name: `বুক করুন: ${phone.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `বুক করুন: ${phone.name}` });
    // Asked first, in place: why, then the number and its code.
    const gate = dialog.getByTestId('phone-gate');
    await expect(gate.getByRole('heading', { name: 'প্রথমে আপনার ফোন নম্বর' })).toBeVisible();
    await expect(gate).toContainText('তারপর বুকিং শেষ করুন');
    await expect(dialog.getByRole('button', { name: 'বুকিং পাঠান' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    const number = freshPhoneNumber();
    await gate.getByLabel('মোবাইল নম্বর').fill(toBangla(number));
    await gate.getByRole('button', { name: 'কোড পাঠান' }).click();
    await expect(gate.getByLabel('কোড')).toBeVisible();
    await gate.getByLabel('কোড').fill(toBangla(await codeSentTo(number)));
    await gate.getByRole('button', { name: 'যাচাই করুন' }).click();

    // Then the booking, where they were: the same dialog, for the same phone.
    await expect(gate).toHaveCount(0);
    await dialog.getByLabel('ফোন নম্বর').fill(toBangla(number));
    await dialog.getByLabel('দেখা করার জায়গা').fill('মিরপুর ১০, ঢাকা');
    await dialog.getByRole('button', { name: 'বুকিং পাঠান' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/bn/dashboard/myorders');
    const order = page.getByTestId('order').filter({ hasText: phone.name });
    // The seller's verified number to call about the handover, in Bangla digits, marked verified.
    const call = order.getByRole('link', { name: `Rahim Seller-কে ফোন করুন: ${toBangla(seller.phone!)}` });
    await expect(call).toHaveText(toBangla(seller.phone!));
    await expect(call).toHaveAttribute('href', `tel:${seller.phone}`);
    await expect(order.getByTitle('ফোন নম্বর যাচাই করা')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.context().close();
  });

  test('a seller changing the payout wallet in Bangla is asked for a fresh code sent to their verified number; a wrong one changes nothing', async ({ browser }) => {
    const seller = await createAccount('Seller');
    // Their wallet today, set as the page sets it: with a code sent to their number.
    const { body: sent } = await apiAs<{ verificationId: string }>(seller, 'POST', '/me/phone/confirmation');
    const before = '01770618575';
    const set = await apiAs(seller, 'PUT', '/payout-wallet', { number: before, repeat: before, confirmation: { verificationId: sent.verificationId, code: await codeSentTo(seller.phone!) } });
    expect(set.status).toBe(200);

    const page = await signedIn(browser, seller, { width: 360, height: 740 });
    await page.goto('/bn/dashboard/earnings');
    await expect(page.getByText(`টাকা বিকাশ ${toBangla(before)}-এ যায়।`)).toBeVisible();
    await page.getByRole('button', { name: 'বদলান' }).click();
    const next = freshPhoneNumber();
    const form = page.getByRole('form', { name: 'টাকা পাওয়ার ওয়ালেট' });
    await form.getByLabel('বিকাশ নম্বর', { exact: true }).fill(toBangla(next));
    await form.getByLabel('আবার বিকাশ নম্বর').fill(next);
    await form.getByRole('button', { name: 'ওয়ালেট সংরক্ষণ করুন' }).click();
    // The code goes to the seller's verified number (its last 3 digits named, in Bangla digits), not to the new wallet.
    await expect(form.getByTestId('confirm-code')).toContainText(`শেষে ${toBangla(seller.phone!.slice(-3))}`);
    const code = await codeSentTo(seller.phone!);
    await form.getByLabel('আপনার নম্বরে পাঠানো কোড').fill(code === '000000' ? '111111' : '000000');
    await form.getByRole('button', { name: 'নিশ্চিত করে সংরক্ষণ করুন' }).click();
    await expect(form.getByLabel('আপনার নম্বরে পাঠানো কোড')).toHaveAccessibleDescription('কোডটি ঠিক নয়: আর ৪ বার চেষ্টা করা যাবে');
    expect((await apiAs<{ number: string }>(seller, 'GET', '/payout-wallet')).body.number).toBe(before);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await form.getByLabel('আপনার নম্বরে পাঠানো কোড').fill(toBangla(code));
    await form.getByRole('button', { name: 'নিশ্চিত করে সংরক্ষণ করুন' }).click();
    await expect(page.getByText(`টাকা বিকাশ ${toBangla(next)}-এ যায়।`)).toBeVisible();
    expect((await apiAs<{ number: string }>(seller, 'GET', '/payout-wallet')).body.number).toBe(next);
    await page.context().close();
  });

  test('a new seller signs up in Bangla at 360 px with only a phone number, lists a phone, a buyer sees that verified number on the booking, and the seller signs in again by phone', async ({ browser }) => {
    const number = freshPhoneNumber();
    const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await page.goto('/bn/signup');
    const byPhone = page.getByRole('region', { name: 'আপনার মোবাইল নম্বর দিয়ে' });
    await byPhone.getByLabel('মোবাইল নম্বর').fill(toBangla(`+880 ${number.slice(1, 5)}-${number.slice(5)}`));
    await byPhone.getByRole('button', { name: 'কোড পাঠান' }).click();
    await expect(byPhone).toContainText(`${toBangla(number)} নম্বরে পাঠানো ৬ অঙ্কের কোডটি দিন।`);
    const code = await codeSentTo(number);
    await byPhone.getByLabel('এসএমএস-এর কোড').fill(code === '000000' ? '111111' : '000000');
    await byPhone.getByRole('button', { name: 'এগিয়ে যান' }).click();
    await expect(byPhone.getByLabel('এসএমএস-এর কোড')).toHaveAccessibleDescription('কোডটি ঠিক নয়: আর ৪ বার চেষ্টা করা যাবে');
    await byPhone.getByLabel('এসএমএস-এর কোড').fill(toBangla(code));
    await byPhone.getByRole('button', { name: 'এগিয়ে যান' }).click();
    // New to PhoneHaat: a name and Buyer or Seller, as the original sign-up asks; no e-mail address.
    await expect(byPhone).toContainText(`${toBangla(number)} নম্বরটি ফোনহাটে নতুন।`);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await byPhone.getByLabel('আপনার নাম').fill('রফিক মিয়া');
    await byPhone.getByLabel('অ্যাকাউন্টের ধরন').selectOption('Seller');
    await byPhone.getByRole('button', { name: 'আমার অ্যাকাউন্ট খুলুন' }).click();
    await expect(page).toHaveURL((url) => !url.pathname.endsWith('/signup'));

    // Signed in as a seller whose number is verified already: Add a product is the form at once, with no address.
    await page.goto('/bn/dashboard/addproduct');
    await expect(page.getByRole('form', { name: 'পণ্য যোগ করুন' })).toBeVisible();
    await expect(page.getByTestId('phone-gate')).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'পণ্য যোগ করুন' }).getByText('রফিক মিয়া')).toBeVisible();
    // The phone is listed with the session the browser holds (its access token), as the form would send it.
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const brands = (await (await fetch(`${apiUrl}/categories`)).json()) as { _id: string }[];
    const listed = await fetch(`${apiUrl}/addedproducts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Walton Primo R10 (phone sign-up)', brandId: brands[0]!._id, resalePrice: 7000, originalPrice: 12000, condition: 'Good', location: 'Rangpur', img: `${publicEnv.PUBLIC_API_URL}/images/products/nokia-g21.svg`, usedYear: 2024, description: '' }),
    });
    expect(listed.status).toBe(201);
    const productId = ((await listed.json()) as { insertedId: string }).insertedId;

    // A buyer books it: their My Orders names the seller with that verified number to call.
    const buyer = await createAccount('Buyer');
    expect((await apiAs(buyer, 'POST', '/bookeditems', { id: productId, phone: buyer.phone, meetingLocation: 'Rangpur Town Hall' })).status).toBe(201);
    const buyerPage = await signedIn(browser, buyer, { width: 360, height: 740 });
    await buyerPage.goto('/bn/dashboard/myorders');
    const order = buyerPage.getByTestId('order').filter({ hasText: 'Walton Primo R10 (phone sign-up)' });
    const call = order.getByRole('link', { name: `রফিক মিয়া-কে ফোন করুন: ${toBangla(number)}` });
    await expect(call).toHaveAttribute('href', `tel:${number}`);
    await expect(order.getByTitle('ফোন নম্বর যাচাই করা')).toBeVisible();
    await buyerPage.context().close();

    // Signed out, the seller signs in again with the number alone, on the login page, and is the same account.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/bn/login');
    const again = page.getByRole('region', { name: 'আপনার মোবাইল নম্বর দিয়ে' });
    await again.getByLabel('মোবাইল নম্বর').fill(number);
    await again.getByRole('button', { name: 'কোড পাঠান' }).click();
    await expect(again.getByLabel('এসএমএস-এর কোড')).toBeVisible();
    await again.getByLabel('এসএমএস-এর কোড').fill(await codeSentTo(number));
    await again.getByRole('button', { name: 'এগিয়ে যান' }).click();
    await expect(page).toHaveURL((url) => !url.pathname.endsWith('/login'));
    await page.goto('/bn/dashboard/myproduct');
    await expect(page.getByText('Walton Primo R10 (phone sign-up)')).toBeVisible();
    await page.context().close();
  });

  test('a person who signed up by phone adds an e-mail address in Bangla at 360 px: a link e-mailed to it, opened, and PhoneHaat’s e-mails go there', async ({ browser }) => {
    const number = freshPhoneNumber();
    const address = `shapla-${number}@e2e.phonehaat.test`;
    const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await page.goto('/bn/signup');
    const byPhone = page.getByRole('region', { name: 'আপনার মোবাইল নম্বর দিয়ে' });
    await byPhone.getByLabel('মোবাইল নম্বর').fill(number);
    await byPhone.getByRole('button', { name: 'কোড পাঠান' }).click();
    await expect(byPhone.getByLabel('এসএমএস-এর কোড')).toBeVisible();
    await byPhone.getByLabel('এসএমএস-এর কোড').fill(await codeSentTo(number));
    await byPhone.getByRole('button', { name: 'এগিয়ে যান' }).click();
    await byPhone.getByLabel('আপনার নাম').fill('শাপলা বেগম');
    await byPhone.getByLabel('অ্যাকাউন্টের ধরন').selectOption('Buyer');
    await byPhone.getByRole('button', { name: 'আমার অ্যাকাউন্ট খুলুন' }).click();
    await expect(page).toHaveURL((url) => !url.pathname.endsWith('/signup'));

    // Settings: an account made by phone has no address, and is offered to add one.
    await page.goto('/bn/notifications/settings');
    const box = page.getByRole('region', { name: 'আপনার ই-মেইল ঠিকানা' });
    // Typed at once, as a test types: the page may still be confirming the session it just restored (a role check
    // redraws it), so the first try is repeated until it holds.
    await expect(async () => {
      await box.getByLabel('ই-মেইল ঠিকানা', { exact: true }).fill('shapla@');
      await box.getByRole('button', { name: 'লিংক পাঠান' }).click();
      await expect(box.getByLabel('ই-মেইল ঠিকানা', { exact: true })).toHaveAccessibleDescription('একটি সঠিক ই-মেইল ঠিকানা লিখুন', { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await box.getByLabel('ই-মেইল ঠিকানা', { exact: true }).fill(address);
    await box.getByRole('button', { name: 'লিংক পাঠান' }).click();
    await expect(box.getByRole('status')).toContainText(`${address} ঠিকানায় একটি লিংক পাঠানো হয়েছে।`);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // The e-mail, in Bangla, leads back to Settings, where the address is added.
    await expect.poll(async () => (await emailsTo(address)).length, { timeout: 15_000 }).toBe(1);
    const [email] = await emailsTo(address);
    expect(email!.subject).toBe('এই ই-মেইল ঠিকানাটি ফোনহাটে যোগ করুন');
    const link = new URL(email!.text.match(/এই ঠিকানাটি যোগ করুন: (\S+)/)![1]!);
    expect(link.pathname).toBe('/bn/notifications/settings');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('region', { name: 'আপনার ই-মেইল ঠিকানা' }).getByRole('status')).toContainText(`${address} যোগ হয়েছে: ফোনহাটের ই-মেইল এখন সেখানেই যাবে।`);
    await expect(page).toHaveURL((url) => !url.searchParams.has('emailToken'));

    // Still signed in after Firebase ended the older tokens; the account has the address, and Settings no longer asks.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'আপনার ফোন নম্বর' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'আপনার ই-মেইল ঠিকানা' })).toHaveCount(0);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const me = (await (await fetch(`${apiUrl}/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { email: string | null; name: string };
    expect(me).toMatchObject({ email: address, name: 'শাপলা বেগম' });
  });
});

