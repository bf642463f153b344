import { randomUUID } from 'node:crypto';
import { apiAs, createAccount, demo, expect, expectAccessible, expectNoSidewaysScroll, listPhone, newImei, signIn, test } from '../fixtures';

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

  test('a stolen phone: buyers see "IMEI checked"; the admin confirms a stolen report, the phone is blocked and its seller cannot list it again until it is unblocked', async ({ page, browser }) => {
    const seller = await createAccount('Seller', 'Quick Seller');
    const imei = newImei();
    const last4 = imei.slice(-4);
    const phone = await listPhone(seller, { brandName: 'Samsung', name: `Galaxy S23 ${randomUUID().slice(0, 5)} checked`, imei });
    const other = await listPhone(seller, { brandName: 'Samsung', name: `Galaxy A34 ${randomUUID().slice(0, 5)} plain` });
    const buyer = await createAccount('Buyer', 'Owner Of The Phone');

    // Buyers see the badge, and can ask for checked phones only.
    await signIn(page, buyer);
    await page.goto(`/search?q=${encodeURIComponent(phone.name.split(' ').slice(0, 3).join(' '))}&imeiChecked=true`);
    const results = page.getByTestId('product-grid');
    await expect(results.getByRole('article').filter({ hasText: phone.name })).toContainText('IMEI checked');
    await expect(page.getByRole('button', { name: 'Remove filter: IMEI checked only' })).toBeVisible();
    await page.goto(`/search?q=${encodeURIComponent(other.name.split(' ').slice(0, 3).join(' '))}&imeiChecked=true`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('product-grid').getByRole('heading', { name: other.name })).toHaveCount(0);
    await page.goto(`/product/${phone.id}`);
    await expect(page.getByText('IMEI checked')).toBeVisible();
    await expect(page.locator('body')).not.toContainText(imei);
    expect((await apiAs(buyer, 'POST', '/reports', { productId: phone.id, reason: 'stolen', note: 'This is my phone, stolen in Mirpur' })).status).toBe(201);

    // The admin confirms the report: the listing goes and the phone is blocked.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, demo.admin);
    await admin.goto('/dashboard/reports');
    const card = admin.getByTestId('report-group').filter({ hasText: phone.name });
    await expect(card).toContainText(`IMEI •••• ${last4}`);
    await card.getByRole('button', { name: `Confirm stolen: ${phone.name}` }).click();
    const confirm = admin.getByRole('dialog', { name: `Confirm ${phone.name} is stolen?` });
    await expect(confirm).toContainText(`its phone (IMEI •••• ${last4}) is blocked`);
    await confirm.getByLabel('Reason (the seller sees it)').fill('Its owner showed the police report');
    await expectAccessible(admin);
    await confirm.getByRole('button', { name: 'Confirm stolen' }).click();
    await expect(admin.getByText('Listing removed and phone blocked')).toBeVisible();
    await admin.getByRole('link', { name: 'Blocked phones' }).click();
    const blockedRow = admin.getByTestId('blocked-row').filter({ hasText: `•••• ${last4}` });
    await expect(blockedRow).toContainText('Its owner showed the police report');
    await expect(blockedRow).toContainText(demo.admin.name);
    await expectAccessible(admin);

    // Its seller cannot put the phone on another listing, and is not told why beyond contacting support.
    const sellerContext = await browser.newContext();
    const sellerPage = await sellerContext.newPage();
    await signIn(sellerPage, seller);
    await sellerPage.goto('/dashboard/myproduct');
    await expect(sellerPage.getByTestId('my-product').filter({ hasText: phone.name })).toContainText('Removed by PhoneHaat: Its owner showed the police report');
    await sellerPage.getByRole('button', { name: `Add IMEI: ${other.name}` }).click();
    const dialog = sellerPage.getByRole('dialog', { name: `IMEI of ${other.name}` });
    await expect(dialog.getByLabel('IMEI')).toHaveAccessibleDescription(/\*#06#/);
    await dialog.getByLabel('IMEI').fill(imei);
    await dialog.getByRole('button', { name: 'Save IMEI' }).click();
    await expect(dialog.getByLabel('IMEI')).toHaveAccessibleDescription(/This phone cannot be listed; contact support/);
    await expect(dialog).not.toContainText(/stolen|block/i);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Unblocked (with a reason), the phone can be listed again; the activity log has both, by the last 4 digits only.
    await blockedRow.getByRole('button', { name: `Unblock the phone with IMEI ending ${last4}` }).click();
    const unblock = admin.getByRole('dialog', { name: `Unblock the phone •••• ${last4}?` });
    await unblock.getByLabel('Why (for the activity log)').fill('Returned to its owner');
    await unblock.getByRole('button', { name: 'Unblock' }).click();
    await expect(admin.getByText('Phone unblocked')).toBeVisible();
    await expect(blockedRow).toHaveCount(0);
    await sellerPage.getByRole('button', { name: `Add IMEI: ${other.name}` }).click();
    await dialog.getByLabel('IMEI').fill(imei);
    await dialog.getByRole('button', { name: 'Save IMEI' }).click();
    await expect(sellerPage.getByText('IMEI saved: buyers now see “IMEI checked”')).toBeVisible();
    await expect(sellerPage.getByTestId('my-product').filter({ hasText: other.name })).toContainText(`IMEI •••• ${last4}`);
    await sellerContext.close();

    await admin.getByRole('link', { name: 'Activity' }).click();
    const phoneRows = admin.getByTestId('activity-row').filter({ hasText: `IMEI •••• ${last4}` });
    await expect(phoneRows.filter({ hasText: 'Its owner showed the police report' })).toContainText(/^(?!.*Unblocked).*Blocked the phone/);
    await expect(phoneRows.filter({ hasText: 'Returned to its owner' })).toContainText('Unblocked the phone');
    await expect(admin.locator('body')).not.toContainText(imei);
    await adminContext.close();
  });
});
