import { randomUUID } from 'node:crypto';
import { apiAs, createAccount, expect, expectAccessible, expectSentToLogin, expectNoSidewaysScroll, listPhone, signIn, test, uniqueEmail } from '../fixtures';
import { apiUrl } from '../stack';

test.describe('a new seller', () => {
  test('registers, adds a phone, advertises it, finds it on the storefront, then deletes it', async ({ page }) => {
    const email = uniqueEmail('newseller');
    const name = `Redmi Note 12 ${randomUUID().slice(0, 5)}`;
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Shila Akter');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('shila-secret');
    await page.getByLabel('Account type').selectOption('Seller');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('link', { name: 'Add a product' }).click();
    await expect(page.getByRole('heading', { name: 'Add a product', level: 1 })).toBeVisible();
    await expect(page.getByText('Listing as')).toContainText(`Shila Akter (${email})`);
    await expectAccessible(page);

    // A client check first: nonsense is explained beside its field.
    await page.getByLabel('Product name').fill(name);
    await page.getByLabel('Resale price (Tk)').fill('0');
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect(page.getByLabel('Resale price (Tk)')).toHaveAccessibleDescription(/more than 0/);
    await expect(page.getByLabel('Brand')).toHaveAccessibleDescription('Choose a brand');

    await page.getByLabel('Brand').selectOption('Xiaomi');
    await page.getByLabel('Resale price (Tk)').fill('18500');
    await page.getByLabel('Original price (Tk)').fill('27999');
    await page.getByLabel('Condition').selectOption('Excellent');
    await page.getByLabel('Year of purchase').fill('2024');
    await page.getByLabel('Mobile number').fill('01711-555666');
    await page.getByLabel('Location').fill('Khulshi, Chattogram');
    await page.getByLabel('Image URL').fill(`${apiUrl}/images/products/redmi-12.svg`);
    await page.getByLabel('Description').fill('Six months old, with box and charger.');
    await expect(page.getByRole('complementary', { name: 'Preview as buyers will see it' })).toContainText('Tk 18,500');
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect(page.getByText('Successfully added')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myproduct$/);

    const row = page.getByTestId('my-product').filter({ hasText: name });
    await expect(row).toContainText('Tk 18,500');
    await expect(row).toContainText('Available');
    await expectAccessible(page);
    await row.getByRole('button', { name: `Advertise ${name}` }).click();
    await expect(page.getByText('Successfully Advertised')).toBeVisible();
    await expect(row).toContainText('Advertised');

    await page.goto('/');
    await expect(page.getByTestId('advertised-grid').getByRole('heading', { name })).toBeVisible();
    await page.getByRole('link', { name: /Xiaomi/ }).click();
    await expect(page.getByRole('heading', { name: 'Xiaomi phones' })).toBeVisible();
    await expect(page.getByTestId('product-grid').getByRole('heading', { name })).toBeVisible();

    await page.goto('/dashboard/myproduct');
    await page.getByTestId('my-product').filter({ hasText: name }).getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted Successfully')).toBeVisible();
    await expect(page.getByTestId('my-product').filter({ hasText: name })).toHaveCount(0);

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Advertised Items' })).toBeVisible();
    await expect(page.getByTestId('advertised-grid').getByRole('heading', { name })).toHaveCount(0);
    await page.getByRole('link', { name: /Xiaomi/ }).click();
    await expect(page.getByRole('heading', { name: 'Xiaomi phones' })).toBeVisible();
    await expect(page.getByRole('heading', { name })).toHaveCount(0);
  });
});

test.describe('seller pages', () => {
  test('send a buyer and an anonymous visitor to login', async ({ page }) => {
    for (const path of ['/dashboard/addproduct', '/dashboard/myproduct']) {
      await page.goto(path);
      await expectSentToLogin(page, path);
    }
    await signIn(page, await createAccount('Buyer'));
    for (const path of ['/dashboard/addproduct', '/dashboard/myproduct']) {
      await page.goto(path);
      await expectSentToLogin(page, path);
    }
  });

  test("never let a seller delete another seller's phone: the API says 403 and the page shows it", async ({ page }) => {
    const owner = await createAccount('Seller');
    const theirs = await listPhone(owner);
    const other = await createAccount('Seller');
    const mine = await listPhone(other);
    expect((await apiAs(other, 'DELETE', `/postedproduct/${theirs.id}`)).status).toBe(403);

    await signIn(page, other);
    await page.goto('/dashboard/myproduct');
    // The page's request is pointed at the other seller's phone, as a tampered client would.
    await page.route(`**/postedproduct/${mine.id}`, (route) => route.continue({ url: `${apiUrl}/postedproduct/${theirs.id}` }));
    await page.getByRole('button', { name: `Delete ${mine.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('You are not allowed to do this')).toBeVisible();
    await expect(page.getByTestId('my-product').filter({ hasText: mine.name })).toHaveCount(1);
    const still = await apiAs<{ _id: string }[]>(owner, 'GET', `/addedproducts?email=${encodeURIComponent(owner.email)}`);
    expect(still.body.map((p) => p._id)).toContain(theirs.id);
  });

  test('work on a 360 px phone', async ({ page }) => {
    const seller = await createAccount('Seller');
    await listPhone(seller);
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, seller);
    for (const path of ['/dashboard/addproduct', '/dashboard/myproduct']) {
      await page.goto(path);
      await expect(page.locator('[data-remote="seller"] h1')).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
  });
});
