import { apiAs, createAccount, demo, expect, expectAccessible, expectSentToLogin, expectNoSidewaysScroll, listPhone, signIn, test } from '../fixtures';

test.describe('the demo admin', () => {
  test("verifies a new seller, whose advertised phone then carries the badge on the home page", async ({ page }) => {
    const seller = await createAccount('Seller', `Mitu Seller ${Date.now() % 10000}`);
    const phone = await listPhone(seller);
    expect((await apiAs(seller, 'POST', '/advertisedproducts', { id: phone.id })).status).toBe(200);
    const card = page.getByTestId('advertised-grid').getByRole('article').filter({ hasText: phone.name });

    await page.goto('/');
    await expect(card).toBeVisible();
    await expect(card.getByText('Verified seller')).toHaveCount(0);

    await signIn(page, demo.admin);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('link', { name: 'All Sellers' }).click();
    await expect(page.getByRole('heading', { name: 'All Sellers', level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Search sellers').fill(seller.email);
    await expect(page.getByText(`1 seller matches “${seller.email}”`)).toBeVisible();
    const row = page.getByTestId('seller-row').filter({ hasText: seller.email });
    await expect(row).toContainText('Not verified');
    await expect(row).toContainText('1');
    await row.getByRole('button', { name: `Verify ${seller.name}` }).click();
    await expect(page.getByText('verified successfully')).toBeVisible();
    await expect(row).not.toContainText('Not verified');

    await page.goto('/');
    await expect(card.getByText('Verified seller')).toBeAttached();
  });

  test('removes a buyer, who then cannot sign in', async ({ page, browser }) => {
    const buyer = await createAccount('Buyer', `Doomed Buyer ${Date.now() % 10000}`);
    await signIn(page, demo.admin);
    await page.goto('/dashboard/allbuyers');
    await page.getByLabel('Search buyers').fill(buyer.email);
    // As a person does, the search's answer first: a tap while the list is replaced by it lands on its placeholder.
    await expect(page.getByText(`1 buyer matches “${buyer.email}”`)).toBeVisible();
    await page.getByRole('button', { name: `Delete ${buyer.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${buyer.name}?` });
    await expect(dialog).toContainText(buyer.email);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted Successfully')).toBeVisible();
    await expect(page.getByTestId('buyer-row').filter({ hasText: buyer.email })).toHaveCount(0);

    const context = await browser.newContext();
    const theirPage = await context.newPage();
    await theirPage.goto('/login');
    await theirPage.getByLabel('Email').fill(buyer.email);
    await theirPage.getByLabel('Password').fill(buyer.password);
    await theirPage.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(theirPage.getByRole('alert')).toHaveText('This account has been disabled by an administrator.');
    await context.close();
  });

  test('has both pages working on a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, demo.admin);
    for (const path of ['/dashboard/allsellers', '/dashboard/allbuyers']) {
      await page.goto(path);
      await expect(page.locator('[data-remote="admin"] h1')).toBeVisible();
      await expect(page.getByRole('table')).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
    await expectAccessible(page);
  });
});

test.describe('admin pages', () => {
  test('send a buyer and a seller who type their addresses to login', async ({ page }) => {
    for (const account of [await createAccount('Buyer'), await createAccount('Seller')]) {
      await page.context().clearCookies();
      await signIn(page, account);
      for (const path of ['/dashboard/allsellers', '/dashboard/allbuyers']) {
        await page.goto(path);
        await expectSentToLogin(page, path);
      }
      await page.getByRole('button', { name: 'Sign out', includeHidden: true }).dispatchEvent('click');
      await expect(page.getByRole('link', { name: 'Login', includeHidden: true })).toBeAttached();
      await expect(page).toHaveURL((url) => url.pathname === '/');
    }
  });

  test("arrive as HTML composed for the admin, and never for someone whose role may not see them", async ({ page, browser }) => {
    const seller = await createAccount('Seller', `Composed Seller ${Date.now() % 10000}`);
    await signIn(page, demo.admin);
    const html = await (await page.request.get('/dashboard/allsellers')).text();
    expect(html).toContain(`data-for="${demo.admin.email}"`);
    expect(html).toContain(seller.email);
    // A buyer's session asking for it: not composed (the API would refuse its data anyway); the app sends them to login.
    const buyerContext = await browser.newContext();
    const buyerPage = await buyerContext.newPage();
    await signIn(buyerPage, await createAccount('Buyer'));
    const refused = await (await buyerPage.request.get('/dashboard/allsellers')).text();
    expect(refused).toContain('<div id="root"></div>');
    expect(refused).not.toContain(seller.email);
    await buyerContext.close();
  });

  test("answer a seller's token with 403", async () => {
    const seller = await createAccount('Seller');
    const victim = await createAccount('Seller');
    expect((await apiAs(seller, 'GET', '/users/allsellers')).status).toBe(403);
    expect((await apiAs(seller, 'GET', '/users/allbuyers')).status).toBe(403);
    const verify = await apiAs<{ _id: string }[]>(demo.admin, 'GET', '/users/allsellers');
    const victimId = verify.body.find((row) => (row as unknown as { email: string }).email === victim.email)!._id;
    expect((await apiAs(seller, 'PUT', `/seller/verify/${victimId}`)).status).toBe(403);
    expect((await apiAs(seller, 'DELETE', `/seller/${victimId}`)).status).toBe(403);
  });
});
