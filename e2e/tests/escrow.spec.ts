import type { Page } from '@playwright/test';
import { apiAs, createAccount, expect, expectAccessible, listPhone, signedIn, signIn, test } from '../fixtures';

/** A fresh seller's phone, booked and paid with bKash (the local bKash's test wallet) by a fresh buyer on `page`. */
async function paidSale(page: Page) {
  const seller = await createAccount('Seller');
  const phone = await listPhone(seller);
  const buyer = await createAccount('Buyer');
  const booked = await apiAs<{ insertedId: string }>(buyer, 'POST', '/bookeditems', { id: phone.id, phone: '01811-000111', meetingLocation: 'Mirpur 10, Dhaka' });
  await signIn(page, buyer);
  await page.goto(`/dashboard/payment/${booked.body.insertedId}`);
  await page.getByRole('radio', { name: /bKash/ }).check();
  await page.getByRole('button', { name: 'Pay Tk 12,500 with bKash' }).click();
  await page.getByLabel('Your bKash account number').fill('01770618575');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByLabel('Verification code').fill('123456');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByLabel('PIN').fill('12121');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Your payment is completed' })).toBeVisible();
  return { seller, buyer, phone, bookingId: booked.body.insertedId };
}

async function bookingsOf(page: Page, name: string) {
  await page.goto('/dashboard/myproduct');
  await page.getByRole('button', { name: `Bookings (1) of ${name}` }).click();
  return page.getByRole('dialog', { name: `Bookings of ${name}` });
}

test.describe('money held until the handover', () => {
  test("a buyer pays, meets the seller, the seller enters the buyer's code and sees the sale released; the code never reaches the seller", async ({ page, browser }) => {
    const { seller, phone } = await paidSale(page);
    await page.goto('/dashboard/myorders');
    const order = page.getByTestId('order').filter({ hasText: phone.name });
    await expect(order).toContainText('PhoneHaat holds your payment until you have the phone');
    const code = (await order.getByTestId('handover-code').textContent())!;
    expect(code).toMatch(/^\d{6}$/);
    await expectAccessible(page);

    const sellerPage = await signedIn(browser, seller);
    const dialog = await bookingsOf(sellerPage, phone.name);
    // A new seller's first sale: 2% fee.
    await expect(dialog).toContainText("you receive Tk 12,250 (after PhoneHaat's fee of Tk 250)");
    expect(await sellerPage.content()).not.toContain(code);
    const field = dialog.getByLabel("Buyer's handover code");
    await field.fill(code === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Release the payment' }).click();
    await expect(dialog).toContainText("That is not the buyer's code: 4 tries left");
    await field.fill(code);
    await dialog.getByRole('button', { name: 'Release the payment' }).click();
    await expect(dialog).toContainText('Released to you: Tk 12,250');
    await sellerPage.close();

    await page.reload();
    await expect(page.getByTestId('order').filter({ hasText: phone.name })).toContainText('Paid to the seller on');
  });

  test('a buyer who has the phone confirms it, and the seller is paid', async ({ page, browser }) => {
    const { seller, phone } = await paidSale(page);
    await page.goto('/dashboard/myorders');
    const order = page.getByTestId('order').filter({ hasText: phone.name });
    await order.getByRole('button', { name: `I received the phone: ${phone.name}` }).click();
    await page.getByRole('dialog', { name: 'Did you receive the phone?' }).getByRole('button', { name: 'I received the phone' }).click();
    await expect(order).toContainText('Paid to the seller on');

    const sellerPage = await signedIn(browser, seller);
    const dialog = await bookingsOf(sellerPage, phone.name);
    await expect(dialog).toContainText('Released to you: Tk 12,250');
    await expect(dialog.getByLabel("Buyer's handover code")).toHaveCount(0);
    await sellerPage.close();
  });
});
