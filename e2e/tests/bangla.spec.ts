import type { Page } from '@playwright/test';
import { createAccount, expect, expectAccessible, expectNoSidewaysScroll, holdAppCode, listPhone, test } from '../fixtures';

// Issue 25: the whole market in Bangla, as a person uses it. The Stripe card form is Stripe's own (Stripe has no
// Bangla), so its three fields keep their English names.

/** Signs in on the Bangla login page, as a person who reads Bangla would. */
async function signInInBangla(page: Page, account: { email: string; password: string }) {
  await expect(page.getByRole('heading', { name: 'লগইন' })).toBeVisible();
  await page.getByLabel('ইমেইল').fill(account.email);
  await page.getByLabel('পাসওয়ার্ড').fill(account.password);
  await page.getByRole('button', { name: 'লগইন', exact: true }).click();
  await expect(page.getByRole('link', { name: 'ড্যাশবোর্ড', includeHidden: true })).toBeAttached();
}

test.describe('বাংলা', () => {
  test('a visitor switches to বাংলা, browses a brand, searches in Bangla, signs in, books and pays; the seller sees the booking in Bangla', async ({ page, browser }) => {
    // The whole purchase and the seller's side, in two browsers: about 45 s on an idle 2-core machine.
    test.setTimeout(120_000);
    const seller = await createAccount('Seller');
    const phone = await listPhone(seller, { brandName: 'Samsung', name: `Galaxy A14 ${Date.now().toString(36)}` });
    const buyer = await createAccount('Buyer');

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'বাংলা' }).click();
    // Every slice at once, without a reload: the shell's navbar and the storefront's page.
    await expect(page).toHaveURL((url) => url.pathname === '/bn');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByRole('link', { name: 'ব্লগ' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ব্র্যান্ড অনুযায়ী দেখুন' })).toBeVisible();
    await expect(page.getByTestId('advertised-grid')).toContainText('৳');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expectAccessible(page);

    // A brand's page asks a visitor to sign in, in Bangla, and brings them back to it.
    await page.getByRole('link', { name: /Samsung/ }).first().click();
    await expect(page).toHaveURL((url) => url.pathname === '/bn/login' && url.searchParams.get('from') === `/products/${phone.brandId}`);
    await expectAccessible(page);
    await signInInBangla(page, buyer);
    await expect(page).toHaveURL(`/bn/products/${phone.brandId}`);
    await expect(page.getByRole('heading', { name: 'Samsung ফোন' })).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: phone.name });
    await expect(card).toContainText('৳১২,৫০০');

    // A search written in Bangla finds the phone by its English name, and says how it read the words.
    const box = page.getByRole('combobox', { name: 'ফোন খুঁজুন' });
    await box.fill(`স্যামসাং ${phone.name.split(' ').slice(1).join(' ')}`);
    await box.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/bn/search');
    await expect(page.getByRole('article').filter({ hasText: phone.name })).toBeVisible();
    await expect(page.getByText('দেখানো হচ্ছে যার ফলাফল:')).toBeVisible();
    await expectAccessible(page);

    // Booking, in Bangla: the form, a refusal from the server in Bangla, then the booking.
    await page.getByRole('button', { name: `বুক করুন: ${phone.name}` }).click();
    const form = page.getByRole('dialog', { name: `বুক করুন: ${phone.name}` });
    await form.getByLabel('ফোন নম্বর').fill('12');
    await form.getByLabel('দেখা করার জায়গা').fill('মিরপুর ১০, ঢাকা');
    await form.getByRole('button', { name: 'বুকিং পাঠান' }).click();
    await expect(form.getByText('ফোন নম্বর ৭ থেকে ২০ অঙ্কের হতে হবে').first()).toBeVisible();
    await form.getByLabel('ফোন নম্বর').fill('01811-000111');
    await form.getByRole('button', { name: 'বুকিং পাঠান' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/bn/dashboard/myorders');
    await expect(page.getByRole('heading', { name: 'আমার অর্ডার' })).toBeVisible();
    const order = page.getByTestId('order').filter({ hasText: phone.name });
    await expect(order).toContainText('৳১২,৫০০');
    await expect(order).toContainText('মিরপুর ১০, ঢাকা'); // as typed
    await expectAccessible(page);

    // Paying: the page in Bangla, the card form Stripe's own.
    await order.getByRole('link', { name: `${phone.name} এর দাম দিন` }).click();
    await expect(page.getByRole('heading', { name: 'পেমেন্ট' })).toBeVisible();
    await expect(page.getByText(/^ফোন হাতে না পাওয়া পর্যন্ত আপনার টাকা ফোনহাট জমা রাখে।/)).toBeVisible();
    await expect(page.getByRole('radio', { name: /বিকাশ/ })).toBeChecked();
    await page.getByRole('radio', { name: /^কার্ড(?!,)/ }).check();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration date MM / YY').fill('12 / 34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: '৳১২,৫০০ দিন' }).click();
    await expect(page.getByRole('heading', { name: 'আপনার পেমেন্ট সম্পন্ন হয়েছে' })).toBeVisible();
    await page.getByRole('link', { name: 'আমার অর্ডারে ফিরে যান' }).click();
    await expect(page.getByTestId('order').filter({ hasText: phone.name })).toContainText('পরিশোধিত');

    // The seller's browser asks for Bangla (its Accept-Language): the sign-in page and their dashboard are in Bangla.
    const sellerContext = await browser.newContext({ locale: 'bn-BD' });
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto('/login');
    await expect(sellerPage).toHaveURL((url) => url.pathname === '/bn/login');
    await signInInBangla(sellerPage, seller);
    await sellerPage.goto('/dashboard/myproduct');
    await expect(sellerPage).toHaveURL((url) => url.pathname === '/bn/dashboard/myproduct');
    await sellerPage.getByRole('button', { name: `${phone.name} এর বুকিং (১)` }).click();
    const bookings = sellerPage.getByRole('dialog', { name: `${phone.name} এর বুকিং` });
    await expect(bookings.getByTestId('listing-booking')).toContainText(new RegExp(`${buyer.name} এর কাছে বিক্রি, .* তারিখে ৳১২,৫০০ পরিশোধিত: দেখা হবে মিরপুর ১০, ঢাকা`));
    await expectAccessible(sellerPage);
    await sellerContext.close();
  });

  test('a buyer asks the seller in Bangla: the conversation, its refusals and its digits in Bangla', async ({ page }) => {
    const seller = await createAccount('Seller', 'রহিম উদ্দিন');
    const buyer = await createAccount('Buyer');
    const phone = await listPhone(seller);
    await page.goto('/bn/login');
    await signInInBangla(page, buyer);
    await page.goto(`/bn/product/${phone.id}`);
    await page.getByRole('link', { name: 'বিক্রেতাকে বার্তা দিন' }).click();
    await expect(page).toHaveURL(/\/bn\/inbox\/[0-9a-f-]{36}$/);
    const conversation = page.getByRole('region', { name: `${seller.name}-এর সাথে কথোপকথন` });
    await expect(conversation).toContainText('৳১২,৫০০');
    await expect(conversation).toContainText(`বিক্রেতা ${seller.name}-এর সাথে`);
    // Nothing to send: said in Bangla, in the browser.
    await page.getByRole('button', { name: 'পাঠান' }).click();
    await expect(page.getByText('আগে কিছু লিখুন')).toBeVisible();
    await page.getByLabel('আপনার বার্তা').fill('ব্যাটারি কি আসল?');
    await page.getByRole('button', { name: 'পাঠান' }).click();
    await expect(conversation.getByRole('list', { name: 'বার্তাগুলো' }).getByRole('listitem').filter({ hasText: 'ব্যাটারি কি আসল?' })).toBeVisible();
    await expect(page.getByText('পাঠানো হচ্ছে…')).toHaveCount(0);
    await page.getByRole('link', { name: 'বার্তা', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'বার্তা', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'কথোপকথন' })).toContainText('আপনি: ব্যাটারি কি আসল?');
    await expectAccessible(page);
  });

  test("a seller's form speaks Bangla: the schema's messages, Bangla digits in the price and year", async ({ page }) => {
    const seller = await createAccount('Seller');
    await page.goto('/bn/login');
    await signInInBangla(page, seller);
    await page.goto('/bn/dashboard/addproduct');
    await page.getByRole('button', { name: 'পণ্য যোগ করুন' }).click();
    await expect(page.getByText('ফোনের নাম দিন')).toBeVisible();
    await expect(page.getByText('একটি ব্র্যান্ড বেছে নিন').last()).toBeVisible();
    await page.getByLabel('পণ্যের নাম').fill('Galaxy S21');
    await page.getByLabel('ব্র্যান্ড').selectOption({ label: 'Samsung' });
    await page.getByLabel('অবস্থা').selectOption({ label: 'ভালো' });
    await page.getByLabel('এলাকা').fill('ধানমন্ডি, ঢাকা');
    await page.getByLabel('বিক্রয় মূল্য (৳)').fill('৫০০০০');
    await page.getByLabel('আসল দাম (৳)').fill('৪০০০০');
    await page.getByLabel('কেনার বছর').fill('২০২৩');
    await page.getByRole('button', { name: 'পণ্য যোগ করুন' }).click();
    // Read as 50000, 40000 and 2023: the rules between fields are checked, in Bangla.
    await expect(page.getByText('বিক্রয়মূল্য আসল দামের চেয়ে বেশি হতে পারে না')).toBeVisible();
    await expect(page.getByText('অন্তত একটি ছবি যোগ করুন')).toBeVisible();
    await expect(page.getByText(/Resale price|is required/)).toHaveCount(0);
  });

  test('the first visit follows the browser, a choice made before the app has started is remembered, and a shared link keeps its language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'bn-BD' });
    const page = await context.newPage();
    // The app's code held back, as on a slow phone: the switch is tapped on the server's HTML alone.
    const release = await holdAppCode(page);
    await page.goto('/');
    await expect(page).toHaveURL((url) => url.pathname === '/bn');
    await expect(page).toHaveTitle('PhoneHaat — বাংলাদেশে পুরোনো ফোন কেনাবেচা');
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/bn$/);
    await page.getByRole('navigation', { name: 'প্রধান' }).getByRole('link', { name: 'English' }).click();
    // Followed as a link: the shell's server remembers English over the browser's Bangla, and shows the clean address.
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Browse By Category' })).toBeVisible();
    release();
    await expect(page.locator('#root[data-started]')).toBeAttached({ timeout: 15_000 });
    await page.goto('/');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    // A Bangla link shared with an English reader opens in Bangla.
    await page.goto('/bn/blog');
    await expect(page.getByRole('heading', { name: 'ব্লগ' })).toBeVisible();
    await expect(page.getByText('ইংরেজিতে').first()).toBeVisible();
    await context.close();
  });

  for (const language of ['en', 'bn'] as const) {
    for (const width of [360, 1280]) {
      test(`public pages in ${language} at ${width} px are accessible and fit the screen`, async ({ browser }) => {
        const context = await browser.newContext({ viewport: { width, height: 800 } });
        const page = await context.newPage();
        for (const path of ['/', '/blog', '/login', '/signup']) {
          await page.goto(language === 'bn' ? `/bn${path === '/' ? '' : path}` : path);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expectAccessible(page);
          await expectNoSidewaysScroll(page);
        }
        await context.close();
      });
    }
  }
});
