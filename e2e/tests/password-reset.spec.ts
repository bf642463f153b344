import { createAccount, emailsTo, expect, expectAccessible, expectNoSidewaysScroll, test } from '../fixtures';

// Issue 42: "Forgot password?" is no dead end: the e-mail arrives (caught by the stack's maildev) in the person's
// language, its link sets a new password with Firebase (the Auth emulator), and the new password signs in.

test('a person who forgot their password asks for a link in Bangla, sets a new password with it, and signs in with the new one', async ({ page }) => {
  const account = await createAccount('Buyer');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/bn/login');
  await page.getByRole('link', { name: 'পাসওয়ার্ড ভুলে গেছেন?' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/bn/forgot-password');
  await expect(page.getByRole('heading', { name: 'পাসওয়ার্ড ভুলে গেছেন?', level: 1 })).toBeVisible();
  await page.getByLabel('ইমেইল').fill(account.email);
  await page.getByRole('button', { name: 'লিংক পাঠান' }).click();
  await expect(page.getByRole('status')).toContainText(`${account.email} ঠিকানায় কোনো অ্যাকাউন্ট থাকলে`);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await expect.poll(async () => (await emailsTo(account.email)).length, { timeout: 15_000 }).toBe(1);
  const [email] = await emailsTo(account.email);
  expect(email!.subject).toBe('আপনার ফোনহাট পাসওয়ার্ড নতুন করে দিন');
  const link = new URL(email!.text.match(/নতুন পাসওয়ার্ড বেছে নিন: (\S+)/)![1]!);
  expect(link.pathname).toBe('/bn/reset-password');

  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('নতুন পাসওয়ার্ড', { exact: true }).fill('brand-new-secret-7');
  await page.getByLabel('নতুন পাসওয়ার্ড আবার').fill('brand-new-secret-7');
  await page.getByRole('button', { name: 'নতুন পাসওয়ার্ড রাখুন' }).click();
  await expect(page.getByRole('status')).toHaveText('আপনার পাসওয়ার্ড বদলেছে। নতুনটি দিয়ে লগইন করুন।');

  // The link works once.
  await page.reload();
  await page.getByLabel('নতুন পাসওয়ার্ড', { exact: true }).fill('another-secret-8');
  await page.getByLabel('নতুন পাসওয়ার্ড আবার').fill('another-secret-8');
  await page.getByRole('button', { name: 'নতুন পাসওয়ার্ড রাখুন' }).click();
  await expect(page.getByRole('alert')).toContainText('লিংকটি আগেই ব্যবহার হয়েছে');

  // The new password signs in (on the Bangla login page the person chose).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/bn/login');
  await page.getByLabel('ইমেইল').fill(account.email);
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill('brand-new-secret-7');
  await page.getByRole('button', { name: 'লগইন', exact: true }).click();
  await expect(page.getByRole('link', { name: 'ড্যাশবোর্ড', includeHidden: true })).toBeAttached();
});

test('an address with no account gets the same answer, and no e-mail', async ({ page }) => {
  const address = `nobody-${Date.now()}@e2e.phonehaat.test`;
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(address);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account uses ${address}, a link to choose a new password is on its way.`);
  await page.waitForTimeout(1000);
  expect(await emailsTo(address)).toHaveLength(0);
});
