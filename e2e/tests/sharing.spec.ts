import { shellUrl } from '../stack';
import { createAccount, expect, expectAccessible, listPhone, signIn, test } from '../fixtures';

// Issue 48: phones found where Bangladesh looks. A phone's page is public: a shared link opens it for anyone, and what
// needs an account asks for it and comes back.

test.describe("a shared phone's link", () => {
  test('opens the phone for a visitor, whose Book Now asks them to sign in and brings them back to it', async ({ page }) => {
    const seller = await createAccount('Seller', 'Karim Mia');
    const phone = await listPhone(seller);
    const buyer = await createAccount('Buyer');
    await page.goto(`/product/${phone.id}`);
    await expect(page.getByRole('heading', { level: 1, name: phone.name })).toBeVisible();
    await expect(page.getByText('Tk 12,500').first()).toBeVisible();
    await expect(page.getByText('Sign in to book this phone, make an offer or message the seller: you come back here after.')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Book Now' }).click();
    await expect(page).toHaveURL(/\/login\?from=/);
    await signIn(page, buyer);
    await expect(page).toHaveURL(new RegExp(`/product/${phone.id}$`));
    await page.getByRole('button', { name: 'Book Now', exact: true }).click();
    await expect(page.getByRole('dialog', { name: `Book ${phone.name}` })).toBeVisible();
  });

  test('is answered, to a chat app that runs no JavaScript, with the phone in its title, description and addresses, in its language', async () => {
    const seller = await createAccount('Seller', 'Karim Mia');
    const phone = await listPhone(seller);
    for (const agent of ['WhatsApp/2.23.20.0', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'Twitterbot/1.0']) {
      const english = await fetch(`${shellUrl}/product/${phone.id}`, { headers: { 'user-agent': agent } });
      expect(english.status).toBe(200);
      const html = await english.text();
      // In the head, where search engines and chat apps read them.
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(`<title>${phone.name} · PhoneHaat</title>`);
      expect(head).toMatch(new RegExp(`<meta name="description" content="${phone.name}, second-hand, Good condition, bought in 2023: Tk 12,500 in Mirpur, Dhaka\\. Sold by Karim Mia on PhoneHaat\\."\\s*\\/?>`));
      expect(head.match(/<meta name="description"/g)).toHaveLength(1);
      expect(head).toContain(`<link rel="canonical" href="${shellUrl}/product/${phone.id}">`);
      expect(head).toContain(`<link rel="alternate" hreflang="bn" href="${shellUrl}/bn/product/${phone.id}">`);
      expect(html).toContain(`<h1 id="product-name" class=`);
    }
    const bangla = await (await fetch(`${shellUrl}/bn/product/${phone.id}`, { headers: { 'user-agent': 'WhatsApp/2.23.20.0' } })).text();
    expect(bangla).toContain('৳১২,৫০০');
    expect(bangla).toContain(`<link rel="canonical" href="${shellUrl}/bn/product/${phone.id}">`);
  });

  test("robots.txt keeps search engines off people's own pages and lets them read the phones", async () => {
    const robots = await fetch(`${shellUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    const text = await robots.text();
    for (const path of ['/dashboard', '/inbox', '/notifications', '/bn/dashboard']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toMatch(/Disallow: \/(bn\/)?product/);
  });
});
