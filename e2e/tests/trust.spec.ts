import { randomUUID } from 'node:crypto';
import { apiAs, createAccount, demo, enterCard, expect, expectAccessible, expectNoSidewaysScroll, listPhone, newImei, signIn, test } from '../fixtures';

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
    await expect(admin.getByText('Listing removed', { exact: true })).toBeVisible();
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
    await expect(page.getByRole('heading', { level: 1, name: phone.name })).toBeVisible();
    // The phone's own badge, beside those of similar phones (the demo's verified seller gave IMEIs too).
    const similarBadges = await page.getByTestId('similar-grid').getByText('IMEI checked').count();
    await expect(page.getByText('IMEI checked')).toHaveCount(similarBadges + 1);
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
    await expect(admin.getByText('Listing removed and phone blocked', { exact: true })).toBeVisible();
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

  test("a buyer who paid rates the seller, the seller replies, anyone reads it on the seller's profile (composed on the server), and the admin removes an abusive review", async ({ page, browser }) => {
    const sellerName = `Rated Seller ${randomUUID().slice(0, 4)}`;
    const seller = await createAccount('Seller', sellerName);
    const model = `Xperia${randomUUID().slice(0, 5)}`;
    const bought = await listPhone(seller, { brandName: 'Sony', name: `${model} 5 IV sold` });
    const onSale = await listPhone(seller, { brandName: 'Sony', name: `${model} 10 V on sale` });
    const buyer = await createAccount('Buyer', 'Rina Begum');
    const booked = await apiAs<{ insertedId: string }>(buyer, 'POST', '/bookeditems', { id: bought.id, phone: '01811000333', meetingLocation: 'Banani 11' });
    const sellerId = (await apiAs<{ sellerId: string }>(buyer, 'GET', `/product/${onSale.id}`)).body.sellerId;

    // The buyer pays, then rates the seller from My Orders.
    await signIn(page, buyer);
    await page.goto(`/dashboard/payment/${booked.body.insertedId}`);
    await enterCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: /Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Your payment is completed' })).toBeVisible();
    await page.goto('/dashboard/myorders');
    const order = page.getByTestId('order').filter({ hasText: bought.name });
    await order.getByRole('button', { name: `Rate the seller: ${bought.name}` }).click();
    const rate = page.getByRole('dialog', { name: `Rate the seller of ${bought.name}` });
    await rate.getByRole('button', { name: 'Send rating' }).click();
    await expect(rate.getByRole('alert')).toHaveText('Choose 1 to 5 stars');
    await rate.getByRole('radio', { name: '4 stars', exact: true }).check();
    await rate.getByLabel('Your review (optional)').fill('Phone as described; met on time at Banani.');
    await expectAccessible(page);
    await rate.getByRole('button', { name: 'Send rating' }).click();
    await expect(page.getByText('Thank you for rating the seller')).toBeVisible();
    await expect(order).toContainText('You rated the seller 4 stars.');

    // The seller answers it in My Product.
    const sellerContext = await browser.newContext();
    const sellerPage = await sellerContext.newPage();
    await signIn(sellerPage, seller);
    await sellerPage.goto('/dashboard/myproduct');
    const review = sellerPage.getByTestId('my-review').filter({ hasText: 'met on time at Banani' });
    await expect(review).toContainText('Rina B. bought');
    await review.getByLabel('Your reply').fill('Thank you, Rina!');
    await review.getByRole('button', { name: 'Reply' }).click();
    await expect(sellerPage.getByText('Reply posted')).toBeVisible();
    await expect(review).toContainText('Your reply: Thank you, Rina!');
    await sellerContext.close();

    // Anyone, signed in or not, reads the profile; the server's HTML already has the review and the reply.
    const visitor = await browser.newContext();
    const profile = await visitor.newPage();
    const html = await (await profile.request.get(`/sellers/${sellerId}`)).text();
    expect(html).toContain(sellerName);
    expect(html).toContain('Phone as described; met on time at Banani.');
    expect(html).toContain('Thank you, Rina!');
    await profile.goto(`/sellers/${sellerId}`);
    await expect(profile.locator('#root[data-started="hydrated"]')).toBeAttached();
    await expect(profile.getByRole('heading', { level: 1, name: sellerName })).toBeVisible();
    await expect(profile.getByText('1 phone sold')).toBeVisible();
    await expect(profile.getByTestId('review')).toContainText('4 out of 5 stars');
    const card = profile.getByTestId('product-grid').getByRole('article').filter({ hasText: onSale.name });
    await expect(card).toContainText('★ 4.0 (1)');
    await expectAccessible(profile);
    await profile.setViewportSize({ width: 360, height: 740 });
    await expectNoSidewaysScroll(profile);
    await visitor.close();

    // Search sorts by seller rating, in the address, and a card's seller opens the profile.
    await page.goto(`/search?q=${model}&sort=rating`);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating');
    const result = page.getByTestId('product-grid').getByRole('article').filter({ hasText: onSale.name });
    await result.getByRole('link', { name: sellerName }).click();
    await expect(page).toHaveURL(new RegExp(`/sellers/${sellerId}$`));
    await expect(page.getByRole('heading', { level: 1, name: sellerName })).toBeVisible();

    // The admin removes the review as abusive: gone from the profile, in the activity log.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, demo.admin);
    await admin.goto('/dashboard/allsellers');
    await admin.getByLabel('Search sellers').fill(sellerName);
    await admin.getByRole('button', { name: `Reviews of ${sellerName}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Reviews of ${sellerName}` });
    const item = dialog.getByTestId('admin-review');
    await item.getByRole('button', { name: 'Remove the review by Rina B.' }).click();
    await item.getByLabel('Why it is removed (for the activity log)').fill('Names the buyer’s phone number');
    await item.getByRole('button', { name: 'Remove review' }).click();
    await expect(admin.getByText('Review removed')).toBeVisible();
    await expect(dialog).toContainText('Nobody has rated this seller yet.');
    await admin.goto('/dashboard/activity');
    await expect(admin.getByTestId('activity-row').filter({ hasText: 'Removed a review:' }).first()).toContainText('Names the buyer’s phone number');
    await adminContext.close();
    await page.goto(`/sellers/${sellerId}`);
    await expect(page.getByText('No rating yet')).toBeVisible();
  });
});
