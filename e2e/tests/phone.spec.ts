// A verified phone number (issue 46), as a person does it: in Bangla on a phone, their number typed with Bangla
// digits, the code the Auth emulator would have sent by SMS read from its list, a wrong code told, the right one kept.
import { createAccount, expect, expectAccessible, expectNoSidewaysScroll, listPhone, signedIn, test } from '../fixtures';
import { emulatorHost } from '../stack';

/** The code the emulator would have sent to this number last (it sends no SMS). */
async function codeSentTo(local: string): Promise<string> {
  const listed = (await (await fetch(`http://${emulatorHost}/emulator/v1/projects/demo-phonehaat/verificationCodes`)).json()) as { verificationCodes: { phoneNumber: string; code: string }[] };
  const code = listed.verificationCodes.filter((one) => one.phoneNumber === `+88${local}`).at(-1)?.code;
  if (!code) throw new Error(`no code was sent to ${local}`);
  return code;
}
const toBangla = (digits: string) => digits.replace(/\d/g, (digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)]!);

test.describe('a verified phone number', () => {
  test('a seller verifies their number in Bangla at 360 px: a code by SMS, a wrong one told, the right one kept; buyers see the mark', async ({ browser }) => {
    const seller = await createAccount('Seller');
    const number = `018${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    const page = await signedIn(browser, seller, { width: 360, height: 740 });
    await page.goto('/bn/notifications/settings');
    const form = page.getByRole('form', { name: 'আপনার ফোন নম্বর' });
    await form.getByLabel('মোবাইল নম্বর').fill(toBangla(`${number.slice(0, 5)}-${number.slice(5)}`));
    await form.getByRole('button', { name: 'কোড পাঠান' }).click();
    await expect(form.getByText(`${number} নম্বরে পাঠানো ৬ অঙ্কের কোডটি দিন।`)).toBeVisible();
    const code = await codeSentTo(number);

    await form.getByLabel('কোড').fill(code === '000000' ? '111111' : '000000');
    await form.getByRole('button', { name: 'যাচাই করুন' }).click();
    await expect(form.getByLabel('কোড')).toHaveAccessibleDescription('কোডটি ঠিক নয়: আর ৪ বার চেষ্টা করা যাবে');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await form.getByLabel('কোড').fill(toBangla(code));
    await form.getByRole('button', { name: 'যাচাই করুন' }).click();
    await expect(page.getByTestId('phone-verified')).toContainText(`আপনার নম্বর ${number} যাচাই করা আছে`);
    // Kept: after a reload too.
    await page.reload();
    await expect(page.getByTestId('phone-verified')).toContainText(`আপনার নম্বর ${number} যাচাই করা আছে`);
    await page.context().close();

    // A buyer sees the mark on the seller's phone: on its page, beside the seller's name.
    const phone = await listPhone(seller);
    const buyer = await signedIn(browser, await createAccount('Buyer'), { width: 360, height: 740 });
    await buyer.goto(`/bn/product/${phone.id}`);
    await expect(buyer.getByRole('region', { name: 'বিক্রেতা' }).getByTitle('ফোন নম্বর যাচাই করা')).toBeVisible();
    await expectNoSidewaysScroll(buyer);
    await buyer.context().close();
  });
});
