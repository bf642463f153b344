// Courier delivery (issue 45), as people use it. So far: the seller's pickup address, which lets buyers anywhere ask
// the courier's fee for the seller's phones.
import { apiAs, createAccount, expect, expectAccessible, expectNoSidewaysScroll, listPhone, signedIn, test } from '../fixtures';

test.describe("a seller's courier pickup address", () => {
  test('is kept in Bangla on a phone (360 px), each wrong field told first; then a buyer in Sylhet is quoted the fee', async ({ browser }) => {
    const seller = await createAccount('Seller', 'Karim Hossain');
    const buyer = await createAccount('Buyer', 'Nusrat Jahan');
    const phone = await listPhone(seller, { resalePrice: 30_000, originalPrice: 45_000 });
    // Without a pickup address the seller does not send by courier: a buyer is told so.
    const before = await apiAs<{ message: string }>(buyer, 'GET', `/delivery/quote?productId=${phone.id}&district=sylhet`);
    expect(before).toMatchObject({ status: 409, body: { message: 'This seller does not send phones by courier yet: meet the seller instead' } });

    const page = await signedIn(browser, seller, { width: 360, height: 740 });
    await page.goto('/bn/dashboard/myproduct');
    const form = page.getByRole('form', { name: 'কুরিয়ারের পিকআপ ঠিকানা' });
    await expect(form).toBeVisible();
    await form.getByLabel('মোবাইল নম্বর').fill('12345');
    await form.getByRole('button', { name: 'পিকআপ ঠিকানা সংরক্ষণ করুন' }).click();
    await expect(form.getByLabel('যিনি পার্সেল দেবেন তাঁর নাম')).toHaveAccessibleDescription('নাম দিন');
    await expect(form.getByLabel('যিনি পার্সেল দেবেন তাঁর নাম')).toBeFocused();
    await expect(form.getByLabel('মোবাইল নম্বর')).toHaveAccessibleDescription('বাংলাদেশের একটি মোবাইল নম্বর দিন, যেমন ০১৭১২-৩৪৫৬৭৮');

    await form.getByLabel('যিনি পার্সেল দেবেন তাঁর নাম').fill('করিম হোসেন');
    // A Bangla keyboard's digits are read.
    await form.getByLabel('মোবাইল নম্বর').fill('০১৮১১-০০০১১১');
    await form.getByLabel('বিভাগ', { exact: true }).selectOption({ label: 'ঢাকা' });
    await form.getByLabel('জেলা', { exact: true }).selectOption({ label: 'ঢাকা' });
    await form.getByLabel('এলাকা (থানা বা উপজেলা)').fill('ধানমন্ডি');
    await form.getByLabel('বাসা, রাস্তা ও চেনার মতো জায়গা').fill('বাড়ি ৫, রোড ২৭, রাপা প্লাজার পাশে');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'পিকআপ ঠিকানা সংরক্ষণ করুন' }).click();
    await expect(page.getByText('পার্সেল নেওয়া হয় বাড়ি ৫, রোড ২৭, রাপা প্লাজার পাশে, ধানমন্ডি, ঢাকা থেকে।')).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Kept: after a reload too, and the buyer in Sylhet is quoted the courier's fee with the phone as one total.
    await page.reload();
    await expect(page.getByText('পার্সেল নেওয়া হয় বাড়ি ৫, রোড ২৭, রাপা প্লাজার পাশে, ধানমন্ডি, ঢাকা থেকে।')).toBeVisible();
    const quote = await apiAs<{ deliveryFee: number; total: number; zone: string }>(buyer, 'GET', `/delivery/quote?productId=${phone.id}&district=sylhet`);
    expect(quote).toMatchObject({ status: 200, body: { zone: 'outside-dhaka', deliveryFee: 110, total: 30_110 } });
    await page.context().close();
  });
});
