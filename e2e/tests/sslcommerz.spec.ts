import type { Page } from '@playwright/test';
import { sslcommerzUrl } from '../stack';
import { apiAs, bookedInBangla, demo, expect, expectAccessible, expectNoSidewaysScroll, screenshot, signedIn, test } from '../fixtures';

// Issue 69: a buyer pays with a local card through SSLCommerz, in Bangla on a 360 px phone; the money is held until the
// handover like a card's or bKash's; a payment SSLCommerz marks risky waits for the admin, who accepts it.

const setSwitches = (switches: { risky?: boolean }) => fetch(`${sslcommerzUrl}/__fake/switches`, { method: 'POST', body: JSON.stringify(switches) });

/** Chooses SSLCommerz, and on its hosted page pays with a DBBL Nexus debit card and the one-time password. */
async function payWithLocalCard(page: Page) {
  await page.getByRole('radio', { name: /SSLCommerz/ }).check();
  await expect(page.getByText('আপনি SSLCommerz-এর নিরাপদ পাতায় যাবেন')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: /^SSLCommerz-এ .+ দিন$/ }).click();
  await expect(page).toHaveURL(new RegExp(`^${sslcommerzUrl}/gwprocess/v4/gw\\.php\\?Q=pay&SESSIONKEY=`));
  await expect(page.locator('.amount')).toHaveText('৳ 12500.00 BDT');
  await page.getByRole('radio', { name: 'DBBL Nexus' }).check();
  await page.getByLabel('Card number (cards only)').fill('4111111111111111');
  await page.getByLabel('One-time password').fill('111111');
  await screenshot(page, 'sslcommerz-page');
  await page.getByRole('button', { name: 'Pay now' }).click();
}

test.describe('paying through SSLCommerz', () => {
  test.afterEach(() => setSwitches({ risky: false }));

  test('a buyer pays with a local debit card on the SSLCommerz page, in Bangla at 360 px; the money is held and released at the handover', async ({ page }) => {
    const { seller, bookingId, name } = await bookedInBangla(page);
    // The order a Bangladeshi buyer expects: the two wallets (bKash, Nagad), then a local card, bank or other wallet, then
    // the Stripe card.
    await expect(page.locator('[data-method]')).toHaveText([/^বিকাশ/, /^নগদ/, /^কার্ড, ব্যাংক বা অন্য ওয়ালেট \(SSLCommerz\)/, /^কার্ড(?!,)/]);
    await page.getByRole('radio', { name: /SSLCommerz/ }).check();
    await expectAccessible(page);
    await screenshot(page, 'pay-with-sslcommerz-bn');
    await payWithLocalCard(page);

    // Back through the API to the payment page, which confirmed it with SSLCommerz's validation API.
    await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${bookingId}\\?method=sslcommerz&paymentID=[A-Za-z0-9]+&status=success`));
    await expect(page.getByRole('heading', { name: 'আপনার পেমেন্ট সম্পন্ন হয়েছে' })).toBeVisible();
    await expect(page.getByText('কার্ড, ব্যাংক বা অন্য ওয়ালেট (SSLCommerz) দিয়ে পরিশোধ করা হয়েছে।')).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Held until the handover, as any payment: the seller enters the buyer's code and the money is released.
    await page.goto('/bn/dashboard/myorders');
    const order = page.getByTestId('order').filter({ hasText: name });
    const code = (await order.getByTestId('handover-code').textContent())!;
    expect((await apiAs(seller, 'POST', `/bookings/${bookingId}/handover`, { code })).status).toBe(200);
    await page.reload();
    await expect(page.getByTestId('order').filter({ hasText: name })).toContainText('বিক্রেতাকে দেওয়া হয়েছে');
  });

  test('a payment SSLCommerz marks risky waits for the admin, who accepts it on the Money page; the buyer sees it paid', async ({ page, browser }) => {
    await setSwitches({ risky: true });
    const { bookingId, name } = await bookedInBangla(page);
    await payWithLocalCard(page);
    await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${bookingId}\\?method=sslcommerz`));
    await expect(page.getByRole('status').filter({ hasText: 'ফোনহাট আপনার পেমেন্ট যাচাই করছে' })).toContainText('SSLCommerz পেমেন্টটি গণ্য করার আগে আমাদের যাচাই করতে বলেছে');
    await expectAccessible(page);

    const admin = await signedIn(browser, demo.admin);
    await admin.goto('/dashboard/money');
    const held = admin.getByTestId('held-payment').filter({ hasText: name });
    await expect(held).toContainText('SSLCommerz marked it risky');
    await expect(held).toContainText('Tk 12,500');
    await expectAccessible(admin);
    await held.getByRole('button', { name: `Accept the payment for ${name}` }).click();
    await expect(admin.getByText(`Accepted: ${name} is paid.`)).toBeVisible();
    await expect(admin.getByTestId('held-payment').filter({ hasText: name })).toHaveCount(0);
    await admin.close();

    await page.goto('/bn/dashboard/myorders');
    await expect(page.getByTestId('order').filter({ hasText: name })).toContainText('কার্ড, ব্যাংক বা অন্য ওয়ালেট (SSLCommerz) দিয়ে পরিশোধিত');
  });
});
