import type { Page } from '@playwright/test';
import { nagadUrl } from '../stack';
import { apiAs, bookedInBangla, demo, expect, expectAccessible, expectNoSidewaysScroll, screenshot, signedIn, test } from '../fixtures';

// Issue 69: a buyer pays with Nagad, in Bangla on a 360 px phone, approving on Nagad's own page with the OTP Nagad
// sends and the PIN; the money is held until the handover like a card's or bKash's; a disputed Nagad sale is refunded
// through Nagad by the admin, and the Money page reconciles Nagad's records with the ledger.

interface NagadPayment {
  paymentRefId: string;
  amount: string;
  status: string;
  issuerPaymentRefNo: string;
  cancels: { cancelAmount: string }[];
}
const nagadPayments = async () => (await (await fetch(`${nagadUrl}/__fake/payments`)).json()) as NagadPayment[];

/** Chooses Nagad and approves on its page: the account number, then the OTP sent to it and the PIN. */
async function payWithNagad(page: Page, bookingId: string) {
  await page.getByRole('radio', { name: /নগদ/ }).check();
  await expect(page.getByText('আপনি নগদে যাবেন')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: /^নগদে .+ দিন$/ }).click();
  await expect(page).toHaveURL(new RegExp(`^${nagadUrl}/check-out/pay\\?ref=`));
  await expect(page.locator('.amount')).toHaveText('৳ 12500');
  await page.getByLabel('Your Nagad account number').fill('01711000111');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByText('A verification code was sent to 01711000111.')).toBeVisible();
  await page.getByLabel('Verification code (OTP)').fill('123456');
  await page.getByLabel('Nagad PIN').fill('1234');
  await screenshot(page, 'nagad-page');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  // Back through the API's callback to the payment page, which confirmed it with Nagad's verify call.
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${bookingId}\\?method=nagad&paymentID=[^&]+&status=success`));
  await expect(page.getByRole('heading', { name: 'আপনার পেমেন্ট সম্পন্ন হয়েছে' })).toBeVisible();
}

test.describe('paying with Nagad', () => {
  test("a buyer pays with Nagad's OTP and PIN, in Bangla at 360 px; the money is held and released at the handover", async ({ page }) => {
    const { seller, bookingId, name } = await bookedInBangla(page);
    await page.getByRole('radio', { name: /নগদ/ }).check();
    await expectAccessible(page);
    await screenshot(page, 'pay-with-nagad-bn');
    await payWithNagad(page, bookingId);
    await expect(page.getByText('নগদ দিয়ে পরিশোধ করা হয়েছে।')).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.goto('/bn/dashboard/myorders');
    const order = page.getByTestId('order').filter({ hasText: name });
    await expect(order).toContainText('নগদ দিয়ে পরিশোধিত');
    const code = (await order.getByTestId('handover-code').textContent())!;
    expect((await apiAs(seller, 'POST', `/bookings/${bookingId}/handover`, { code })).status).toBe(200);
    await page.reload();
    await expect(page.getByTestId('order').filter({ hasText: name })).toContainText('বিক্রেতাকে দেওয়া হয়েছে');
  });

  test('a disputed Nagad sale is refunded through Nagad by the admin, and the Money page finds Nagad agreeing with the ledger', async ({ page, browser }) => {
    const { buyer, bookingId, name } = await bookedInBangla(page);
    await payWithNagad(page, bookingId);
    const paymentID = new URL(page.url()).searchParams.get('paymentID')!;
    const opened = await apiAs(buyer, 'POST', `/bookings/${bookingId}/dispute`, { reason: 'not-as-described', note: 'The phone he brought has another IMEI than the listing.' });
    expect(opened.status).toBe(201);

    const admin = await signedIn(browser, demo.admin);
    await admin.goto('/dashboard/disputes');
    const card = admin.getByRole('article', { name });
    await expect(card).toContainText('Nagad');
    await card.getByRole('button', { name: 'Refund the buyer' }).click();
    const decision = admin.getByRole('dialog', { name: `Refund the buyer of ${name}?` });
    await decision.getByLabel('Reason').fill('The IMEI is not the one listed.');
    await decision.getByRole('button', { name: 'Refund Tk 12,500' }).click();
    await expect(admin.getByText(`Refunded the buyer of ${name}`)).toBeVisible();
    expect((await nagadPayments()).find((payment) => payment.paymentRefId === paymentID)?.cancels).toEqual([expect.objectContaining({ cancelAmount: '12500' })]);

    await admin.goto('/dashboard/money');
    await expect(admin.getByText(/Nagad: \d+ records? checked/)).toBeVisible();
    await expect(admin.getByText('The ledger agrees with every record checked.').or(admin.getByRole('table', { name: 'Differences' }))).toBeVisible();
    await expect(admin.getByRole('table', { name: 'Differences' }).getByRole('row').filter({ hasText: 'Nagad' })).toHaveCount(0);
    await admin.close();

    await page.goto('/bn/dashboard/myorders');
    await expect(page.getByTestId('order').filter({ hasText: name })).toContainText(/ফেরত: .+ আপনার কাছে ফিরে গেছে। The IMEI is not the one listed./);
  });
});
