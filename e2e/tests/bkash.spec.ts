import type { Page } from '@playwright/test';
import { bkashUrl } from '../stack';
import { apiAs, createAccount, enterCard, expect, expectAccessible, listPhone, screenshot, signIn, test, type Account } from '../fixtures';

// The local bKash's test wallets (tools/fake-bkash/src/wallets.ts): every wallet takes code 123456 and PIN 12121.
const WALLET = '01770618575';
const POOR_WALLET = '01823074817';

/** A fresh phone, booked by a fresh buyer (signed in on the page), and that buyer's payment page open. */
async function bookedPhone(page: Page): Promise<{ buyer: Account; bookingId: string; name: string }> {
  const seller = await createAccount('Seller');
  const phone = await listPhone(seller);
  const buyer = await createAccount('Buyer');
  const booked = await apiAs<{ insertedId: string }>(buyer, 'POST', '/bookeditems', { id: phone.id, phone: '01811-000111', meetingLocation: 'Mirpur 10, Dhaka' });
  expect(booked.status).toBe(201);
  await signIn(page, buyer);
  await page.goto(`/dashboard/payment/${booked.body.insertedId}`);
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  return { buyer, bookingId: booked.body.insertedId, name: phone.name };
}

/** On bKash's page: wallet number, the code it sends, then the PIN (or cancel). */
async function payOnBkash(page: Page, { wallet = WALLET, cancel = false } = {}) {
  await page.getByRole('radio', { name: /bKash/ }).check();
  await page.getByRole('button', { name: 'Pay Tk 12,500 with bKash' }).click();
  await expect(page).toHaveURL(new RegExp(`^${bkashUrl}/checkout\\?paymentId=`));
  await expect(page.locator('.amount')).toHaveText('৳ 12500');
  if (cancel) return page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByLabel('Your bKash account number').fill(wallet);
  await screenshot(page, 'bkash-page');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByLabel('Verification code').fill('123456');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByLabel('PIN').fill('12121');
  await page.getByRole('button', { name: 'Confirm' }).click();
}

const bkashPayments = async () => (await (await fetch(`${bkashUrl}/__fake/payments`)).json()) as { paymentID: string; state: string; trxID?: string; amount: string }[];
const setSwitches = (switches: { dropCallback?: boolean; delayMs?: number }) =>
  fetch(`${bkashUrl}/__fake/switches`, { method: 'POST', body: JSON.stringify(switches) });

test.describe('a buyer paying with bKash', () => {
  test('books, chooses bKash, pays on the local bKash page with a test wallet, lands on the completed message, and My Orders says Paid', async ({ page }) => {
    const { bookingId, name } = await bookedPhone(page);
    // bKash first and chosen (most buyers in Bangladesh pay with it), and the money held until the buyer has the phone.
    await expect(page.getByRole('radio', { name: /bKash/ })).toBeChecked();
    await expect(page.getByText(/^PhoneHaat holds your money until you have the phone\. At the meeting/)).toBeVisible();
    await page.getByRole('radio', { name: /^Card(?!,)/ }).check();
    await screenshot(page, 'pay-by-card');
    await page.getByRole('radio', { name: /bKash/ }).check();
    await expect(page.getByText('You will go to bKash')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'pay-with-bkash');

    await payOnBkash(page);
    await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${bookingId}\\?method=bkash&paymentID=`));
    await expect(page.getByRole('heading', { name: 'Your payment is completed' })).toBeVisible();
    await expect(page.getByText('Payment Successful')).toBeVisible();
    await expect(page.getByText('Paid with bKash.')).toBeVisible();
    const transactionId = (await page.getByTestId('transaction-id').textContent())!;
    const atBkash = (await bkashPayments()).find((payment) => payment.trxID === transactionId);
    expect(atBkash).toMatchObject({ state: 'Completed', amount: '12500' });

    // The callback's address reloaded: the same completed payment, nothing executed or charged again.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your payment is completed' })).toBeVisible();
    expect((await bkashPayments()).filter((payment) => payment.state === 'Completed' && payment.trxID === transactionId)).toHaveLength(1);

    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    const order = page.getByTestId('order').filter({ hasText: name });
    await expect(order).toContainText('Paid with bKash');
    await expect(order).toContainText(transactionId);
  });

  test('hears why a cancelled payment and a wallet without balance failed, keeps the booking payable, and can pay by card instead', async ({ page }) => {
    const { name } = await bookedPhone(page);
    await payOnBkash(page, { cancel: true });
    await expect(page.getByRole('alert')).toContainText('You cancelled the payment on bKash. Nothing was taken from your wallet.');
    await expect(page.getByRole('radio', { name: /bKash/ })).toBeChecked();
    await expectAccessible(page);

    await payOnBkash(page, { wallet: POOR_WALLET });
    await expect(page.getByRole('alert')).toContainText('Your bKash wallet does not have enough balance for this payment.');
    await screenshot(page, 'bkash-failed');

    await page.getByRole('radio', { name: /^Card(?!,)/ }).check();
    await enterCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay Tk 12,500' }).click();
    await expect(page.getByRole('heading', { name: 'Your payment is completed' })).toBeVisible();
    await page.goto('/dashboard/myorders');
    await expect(page.getByTestId('order').filter({ hasText: name })).toContainText('Paid with Card');
  });

  test('ends Paid after closing the tab on bKash’s page once the payment was approved (the sweep finishes it)', async ({ page, browser }) => {
    const { buyer, bookingId, name } = await bookedPhone(page);
    await setSwitches({ dropCallback: true });
    try {
      await payOnBkash(page);
      await expect(page.getByText('You may close this page.')).toBeVisible();
    } finally {
      await setSwitches({ dropCallback: false });
    }
    await page.close();

    await expect
      .poll(async () => (await apiAs<{ paid: boolean }>(buyer, 'GET', `/bookings/${bookingId}`)).body.paid, { timeout: 20_000 })
      .toBe(true);
    const later = await browser.newPage();
    await signIn(later, buyer);
    await later.goto('/dashboard/myorders');
    await expect(later.getByTestId('order').filter({ hasText: name })).toContainText('Paid with bKash');
    await later.close();
  });
});
