import type { Page } from '@playwright/test';
import { codeSentTo, createAccount, expect, freshPhoneNumber, holdAppCode, listPhone, photoFiles, signIn, test } from '../fixtures';

// Issue 24: nothing a person does on a composed page before the app's code has started is lost. The app's scripts are
// held back (as on a slow phone's network) and the CPU slowed 4× (as Lighthouse's mobile profile does); the person
// acts on the server's HTML alone, then the code arrives.

/** The composed page, its scripts held until the returned function is called, on a CPU slowed 4×. */
async function composedAndSlow(page: Page, path: string): Promise<() => void> {
  const release = await holdAppCode(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(path);
  await expect(page.locator('#root[data-composed]')).toBeAttached();
  return release;
}

test.describe('a person who acts before the app has started', () => {
  test('a seller who picks two photos at once sees both as thumbnails, on a page that never goes blank', async ({ page }) => {
    await signIn(page, await createAccount('Seller'));
    const release = await composedAndSlow(page, '/dashboard/addproduct');
    await expect(page.getByRole('heading', { name: 'Add a product' })).toBeVisible();
    await page.getByLabel('Choose photos').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: await photoFiles.png('#2d6cdf') },
      { name: 'back.png', mimeType: 'image/png', buffer: await photoFiles.png('#d6452d') },
    ]);
    release();
    const photos = page.getByRole('list', { name: 'Your photos' });
    await expect(photos.getByRole('img')).toHaveCount(2, { timeout: 20_000 });
    await expect(photos.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Add a product' })).toBeVisible();
    // Both uploaded: no progress bar left, no error.
    await expect(photos.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
    await expect(photos.getByRole('alert')).toHaveCount(0);
  });

  test('a buyer who taps "Report this listing" gets the report form', async ({ page }) => {
    const phone = await listPhone(await createAccount('Seller'));
    await signIn(page, await createAccount('Buyer'));
    const release = await composedAndSlow(page, `/product/${phone.id}`);
    await page.getByRole('button', { name: 'Report this listing' }).click();
    release();
    await expect(page.getByRole('dialog', { name: `Report ${phone.name}` })).toBeVisible({ timeout: 20_000 });
  });

  test('a buyer who taps Book Now gets the booking form at once, fills it in, and books once the app has started', async ({ page }) => {
    const phone = await listPhone(await createAccount('Seller'));
    await signIn(page, await createAccount('Buyer'));
    const release = await composedAndSlow(page, `/products/${phone.brandId}`);
    await page.getByRole('button', { name: `Book Now: ${phone.name}` }).click();
    // The browser opens the form itself: no app yet.
    const form = page.getByRole('dialog');
    await expect(form).toBeVisible();
    await form.getByLabel('Phone number').fill('01811-000111');
    await form.getByLabel('Meeting location').fill('Mirpur 10, Dhaka');
    release();
    await expect(page.getByRole('dialog', { name: `Book ${phone.name}` })).toBeVisible({ timeout: 20_000 });
    await expect(form.getByLabel('Item')).toHaveValue(phone.name);
    await expect(form.getByLabel('Phone number')).toHaveValue('01811-000111');
    await form.getByRole('button', { name: 'Submit booking' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
    await expect(page.getByTestId('order').filter({ hasText: phone.name })).toHaveCount(1);
  });

  test('a seller who asks for the code before the app has started gets it once it has: the browser never sends the form itself', async ({ page }) => {
    // No number yet: the page asks for one in place (composed on the server with the rest).
    await signIn(page, await createAccount('Seller', undefined, { phone: false }));
    const release = await composedAndSlow(page, '/dashboard/addproduct');
    // Pages the browser asks the server for from now on (a plain HTML submit is one; the app's own moves are not).
    const loads: string[] = [];
    page.on('request', (request) => request.isNavigationRequest() && request.frame() === page.mainFrame() && loads.push(request.url()));
    const number = freshPhoneNumber();
    await page.getByLabel('Mobile number').fill(number);
    await page.getByRole('button', { name: 'Send code' }).click();
    // Kept until the app runs: the page stays, with what was typed (a plain HTML submit reloaded it with an empty query).
    await expect(page.getByLabel('Mobile number')).toHaveValue(number);
    release();
    await expect(page.getByLabel('Code')).toBeVisible({ timeout: 20_000 });
    await page.getByLabel('Code').fill(await codeSentTo(number));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Add a product' })).toBeVisible();
    expect(loads).toEqual([]);
  });

  test('a buyer who writes a message and presses Enter before the app has started has it sent once it has, once', async ({ page }) => {
    const seller = await createAccount('Seller');
    const buyer = await createAccount('Buyer');
    const phone = await listPhone(seller);
    await signIn(page, buyer);
    await page.goto(`/inbox/new?listing=${phone.id}`);
    await expect(page).toHaveURL(/\/inbox\/[0-9a-f-]{36}$/);
    const release = await composedAndSlow(page, new URL(page.url()).pathname);
    await page.getByLabel('Your message').fill('Is it still available?');
    await page.getByLabel('Your message').press('Enter');
    // Enter in the composed page's box: kept for the app, not a new line in the box.
    await expect(page.getByLabel('Your message')).toHaveValue('Is it still available?');
    release();
    const messages = page.getByRole('list', { name: 'Messages' });
    await expect(messages.getByRole('listitem').filter({ hasText: 'Is it still available?' })).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByLabel('Your message')).toHaveValue('');
    await expect(page.getByText('Sending…')).toHaveCount(0);
  });

  test('a visitor on a phone who opens the menu and types a search keeps both, and the focus where it was', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const release = await composedAndSlow(page, '/');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('button', { name: 'Menu' }).click();
    const box = page.getByRole('combobox', { name: 'Search phones' });
    await box.fill('pixel');
    await expect(box).toBeFocused();
    await expect(menu.getByRole('link', { name: 'Blog' })).toBeHidden();
    release();
    await expect(menu.getByRole('link', { name: 'Blog' })).toBeVisible({ timeout: 20_000 });
    await expect(box).toHaveValue('pixel');
    await expect(box).toBeFocused();
    // The search box's own state has the word: its suggestions follow it, and Enter searches for it.
    await box.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/search' || url.pathname === '/login');
    expect(new URL(page.url()).search).toContain('pixel');
  });
});
