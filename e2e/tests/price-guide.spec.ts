import { randomUUID } from 'node:crypto';
import { createAccount, demo, expect, expectAccessible, expectNoSidewaysScroll, listPhone, screenshot, signedIn, signIn, test } from '../fixtures';

// Issue 30: what a phone is worth, drawn where people decide — on the phone's page and in Add a product.
test.describe('the price guide', () => {
  test("a buyer sees on a phone's page what its model usually sells for and where this phone sits, drawn and in words; absurd prices do not count", async ({ page }) => {
    const seller = await createAccount('Seller');
    const model = `Nokia Guide${randomUUID().slice(0, 4)}`;
    // Six of the same model, condition and year (two ways of writing it), one at an absurd price.
    const listed = [];
    for (const [i, price] of [20000, 21000, 22000, 23000, 24000, 90000].entries()) {
      listed.push(await listPhone(seller, { name: i % 2 ? `${model} 128GB` : `Nokia ${model} 128 GB (blue)`, resalePrice: price, originalPrice: 99999, usedYear: 2022, brandName: 'Nokia' }));
    }
    const buyer = await createAccount('Buyer');
    await signIn(page, buyer);
    await page.goto(`/product/${listed[1]!.id}`);
    const guide = page.getByRole('region', { name: 'Is this a fair price?' });
    await expect(guide).toContainText(`Typical price for ${model} 128GB in Good condition: Tk 22,000 (most between Tk 21,000 and Tk 23,000), from 5 phones on sale now`);
    await expect(guide.getByTestId('price-guide-where')).toHaveText('This phone is Tk 1,000 below typical.');
    await expect(guide.getByRole('img', { name: /^Bars of how many of the 5 prices fall in each price band/ })).toBeVisible();
    await expect(guide.getByRole('row', { name: /\(this phone\) 1$/ })).toHaveCount(1);
    await expectAccessible(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoSidewaysScroll(page);
    // In Bangla too.
    await page.goto(`/bn/product/${listed[1]!.id}`);
    await expect(page.getByRole('region', { name: 'দামটা কি ন্যায্য?' })).toContainText('৳২২,০০০');
    // Opened on the phone itself: the guide's tables for screen readers stay inside the screen (they made it 51 px wider).
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/product/${listed[1]!.id}`);
    await expect(guide).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test("a buyer is warned, in Bangla at 360 px, of a new seller's phone priced far below what its model goes for; the admin's review takes the warning away (issue 70)", async ({ page, browser }) => {
    const model = `Nokia Bargain${randomUUID().slice(0, 4)}`;
    const established = await createAccount('Seller');
    for (const price of [30000, 31000, 32000, 33000, 34000]) await listPhone(established, { name: `${model} 128GB`, resalePrice: price, originalPrice: 99999, usedYear: 2022, brandName: 'Nokia' });
    const cheap = await listPhone(await createAccount('Seller'), { name: `${model} 128GB`, resalePrice: 12000, originalPrice: 99999, usedYear: 2022, brandName: 'Nokia' });
    await page.setViewportSize({ width: 360, height: 780 });
    await signIn(page, await createAccount('Buyer'));
    await page.goto(`/bn/product/${cheap.id}`);
    const warning = page.getByRole('note', { name: 'এই দাম এমন ফোনের সাধারণ দামের চেয়ে অনেক কম' });
    await expect(warning).toContainText('এমন ফোন সাধারণত ৳৩১,০০০ থেকে ৳৩৩,০০০-এ বিক্রি হয়');
    await expect(warning).toContainText('কোনো ব্যক্তিগত নম্বরে অগ্রিম নয়');
    await expectNoSidewaysScroll(page);
    await warning.scrollIntoViewIfNeeded();
    await screenshot(page, 'price-warning-bn');
    // A fair price of the same model carries none.
    await page.goto(`/bn/product/${(await listPhone(await createAccount('Seller'), { name: `${model} 128GB`, resalePrice: 29000, originalPrice: 99999, usedYear: 2022, brandName: 'Nokia' })).id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('price-warning')).toHaveCount(0);

    // The admin finds it in Reports with the range, and finds it genuine: dismissing the report is the review.
    const admin = await signedIn(browser, demo.admin);
    await admin.goto('/dashboard/reports');
    const card = admin.getByTestId('report-group').filter({ hasText: cheap.name });
    await expect(card.getByTestId('price-review')).toContainText("A new seller's price far below the price guide's Tk 31,000–Tk 33,000 for this model");
    await card.getByRole('button', { name: `Dismiss reports of ${cheap.name}` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Dismiss reports' }).click();
    await expect(admin.getByText('Reports dismissed')).toBeVisible();
    await page.goto(`/bn/product/${cheap.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('price-warning')).toHaveCount(0);
  });

  test('a seller sees in Add a product what phones like theirs go for, before typing a price, and a gentle note for a price far above', async ({ page }) => {
    const seller = await createAccount('Seller');
    const model = `Nokia Range${randomUUID().slice(0, 4)}`;
    for (const price of [30000, 31000, 32000, 33000, 34000]) await listPhone(seller, { name: `${model} 256GB`, resalePrice: price, originalPrice: 99999, usedYear: 2021, brandName: 'Nokia' });
    await signIn(page, seller);
    await page.goto('/dashboard/addproduct');
    await page.getByLabel('Product name').fill(`${model} 256GB`);
    await page.getByLabel('Brand').selectOption({ label: 'Nokia' });
    await page.getByLabel('Condition').selectOption('Good');
    await page.getByLabel('Year of purchase').fill('2021');
    const hint = page.getByTestId('price-hint');
    await expect(hint).toHaveText('Phones like yours are listed for Tk 31,000–Tk 33,000 now (typical Tk 32,000); too few have sold yet to say more.');
    await page.getByLabel('Resale price (Tk)').fill('60000');
    await expect(hint).toContainText('Your price is well above what phones like yours go for (up to Tk 33,000). You can still list it at this price.');
    // Another year: no figure rather than a guess.
    await page.getByLabel('Year of purchase').fill('2019');
    await expect(hint).toHaveText('Too few phones like yours have sold or are on sale to suggest a price yet.');
  });

  test('anyone signed in looks up any phone in the price guide, from a phone\'s page filled in, and in Bangla; a wrong question is told field by field', async ({ page }) => {
    const seller = await createAccount('Seller');
    const model = `Nokia Lookup${randomUUID().slice(0, 4)}`;
    const listed = [];
    for (const price of [15000, 16000, 17000, 18000, 19000]) listed.push(await listPhone(seller, { name: `${model} 64GB`, resalePrice: price, originalPrice: 99999, usedYear: 2023, brandName: 'Nokia' }));
    const buyer = await createAccount('Buyer');
    await signIn(page, buyer);
    await page.goto(`/product/${listed[0]!.id}`);
    await page.getByRole('link', { name: 'Look up other phones in the price guide' }).click();
    await expect(page).toHaveURL(/\/price-guide\?brandId=/);
    const result = page.getByRole('region', { name: `Prices for ${model} 64GB` });
    await expect(result).toContainText(`Typical price for ${model} 64GB in Good condition: Tk 17,000 (most between Tk 16,000 and Tk 18,000), from 5 phones on sale now`);
    await expect(page.getByLabel('Model')).toHaveValue(`${model} 64GB`);
    await expectAccessible(page);
    // Another condition: no figure rather than a guess.
    await page.getByLabel('Condition').selectOption('Excellent');
    await page.getByRole('button', { name: 'Show prices' }).click();
    await expect(page.getByRole('region', { name: `Prices for ${model} 64GB` })).toContainText(`Not enough sales or listings of ${model} 64GB in Excellent condition yet`);
    // A year still to come, and no model: each field says what is wrong, the first one focused.
    await page.getByLabel('Model').fill('');
    await page.getByLabel('Year bought').fill(String(new Date().getFullYear() + 1));
    await page.getByRole('button', { name: 'Show prices' }).click();
    await expect(page.getByLabel('Model')).toBeFocused();
    await expect(page.getByText("Type the model's name.")).toBeVisible();
    await expect(page.getByText(/^Type the year it was bought, from 2000 to \d{4}\.$/)).toBeVisible();
    await expect(page.getByRole('region', { name: /^Prices for/ })).toHaveCount(0);
    // In Bangla, the year typed in Bangla digits; on a 360 px phone nothing goes sideways.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/bn/price-guide');
    await expect(page.getByRole('heading', { level: 1, name: 'দামের গাইড' })).toBeVisible();
    await page.getByLabel('ব্র্যান্ড').selectOption({ label: 'Nokia' });
    await page.getByLabel('মডেল').fill(`${model} 64GB`);
    await page.getByLabel('অবস্থা').selectOption('Good');
    await page.getByLabel('কেনার সাল').fill('২০২৩');
    await page.getByRole('button', { name: 'দাম দেখুন' }).click();
    await expect(page.getByRole('region', { name: `${model} 64GB-এর দাম` })).toContainText('৳১৭,০০০');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
