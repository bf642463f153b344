import { randomUUID } from 'node:crypto';
import { apiAs, createAccount, demo, expect, expectAccessible, expectNoSidewaysScroll, listPhone, signIn, test } from '../fixtures';

test.describe('trust and safety', () => {
  test('a buyer reports a listing; the admin removes it with a reason; it is gone, its seller and its booked buyer are told, and the log has it', async ({ page, browser }) => {
    const seller = await createAccount('Seller', 'Shady Seller');
    const phone = await listPhone(seller, { brandName: 'Motorola', name: `Moto Edge ${randomUUID().slice(0, 5)} stolen` });
    expect((await apiAs(seller, 'POST', '/advertisedproducts', { id: phone.id })).status).toBe(200);
    const buyer = await createAccount('Buyer', 'Careful Buyer');
    expect((await apiAs(buyer, 'POST', '/bookeditems', { id: phone.id, phone: '01811000222', meetingLocation: 'Gulshan 1' })).status).toBe(201);

    // The buyer reports it from its page.
    await signIn(page, buyer);
    await page.goto(`/product/${phone.id}`);
    await page.getByRole('button', { name: 'Report this listing' }).click();
    const report = page.getByRole('dialog', { name: `Report ${phone.name}` });
    await report.getByRole('radio', { name: 'Suspected stolen' }).check();
    await report.getByLabel(/Anything the team should know/).fill('The IMEI is on the stolen list.');
    await expectAccessible(page);
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('Thank you. The PhoneHaat team will look at this listing.')).toBeVisible();
    // A second report of the same listing is answered kindly.
    await page.getByRole('button', { name: 'Report this listing' }).click();
    await report.getByRole('radio', { name: 'Scam or fake' }).check();
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(report.getByRole('alert')).toHaveText('You already reported this listing. The team will look at it.');
    await report.getByRole('button', { name: 'Cancel' }).click();

    // The admin sees the badge, opens Reports and removes the listing with a reason.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, demo.admin);
    await admin.goto('/dashboard');
    await admin.getByRole('link', { name: /^Reports \d+ open$/ }).click();
    await expect(admin.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    const card = admin.getByTestId('report-group').filter({ hasText: phone.name });
    await expect(card).toContainText('Suspected stolen: “The IMEI is on the stolen list.” by Careful Buyer');
    await expect(card).toContainText('Shady Seller');
    await expectAccessible(admin);
    await card.getByRole('button', { name: `Remove listing ${phone.name}`, exact: true }).click();
    const confirm = admin.getByRole('dialog', { name: `Remove ${phone.name}?` });
    await confirm.getByLabel('Reason (the seller sees it)').fill('Reported as stolen: the IMEI is blacklisted');
    await expectAccessible(admin);
    await confirm.getByRole('button', { name: 'Remove listing' }).click();
    await expect(admin.getByText('Listing removed')).toBeVisible();
    await expect(card).toHaveCount(0);

    // Gone from the home page, the brand page and search.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Advertised Items' })).toBeVisible();
    await expect(page.getByTestId('advertised-grid').getByRole('heading', { name: phone.name })).toHaveCount(0);
    await page.goto(`/products/${phone.brandId}`);
    await expect(page.getByRole('heading', { name: 'Motorola phones' })).toBeVisible();
    await expect(page.getByRole('heading', { name: phone.name, exact: true })).toHaveCount(0);
    await page.goto(`/search?q=${encodeURIComponent(phone.name)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('product-grid').getByRole('heading', { name: phone.name, exact: true })).toHaveCount(0);

    // The buyer's booking says the listing was removed.
    await page.goto('/dashboard/myorders');
    const order = page.getByTestId('order').filter({ hasText: phone.name });
    await expect(order).toContainText('Removed by PhoneHaat');
    await expect(order.getByRole('link', { name: /Pay/ })).toHaveCount(0);

    // The seller sees why.
    const sellerContext = await browser.newContext();
    const sellerPage = await sellerContext.newPage();
    await signIn(sellerPage, seller);
    await sellerPage.goto('/dashboard/myproduct');
    await expect(sellerPage.getByTestId('my-product').filter({ hasText: phone.name })).toContainText('Removed by PhoneHaat: Reported as stolen: the IMEI is blacklisted');
    await sellerContext.close();

    // The Activity page has it, and both admin pages fit a phone.
    await admin.getByRole('link', { name: 'Activity' }).click();
    const entry = admin.getByTestId('activity-row').filter({ hasText: phone.name }).first();
    await expect(entry).toContainText('Removed listing');
    await expect(entry).toContainText('Reported as stolen: the IMEI is blacklisted');
    await expect(entry).toContainText(demo.admin.name);
    await expectAccessible(admin);
    await admin.setViewportSize({ width: 360, height: 740 });
    await expectNoSidewaysScroll(admin);
    await admin.goto('/dashboard/reports');
    await expect(admin.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(admin);
    await adminContext.close();
  });
});
