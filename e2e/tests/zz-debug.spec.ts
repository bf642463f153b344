import { createAccount, expect, holdAppCode, listPhone, signIn, test } from '../fixtures';

test('debug book now early tap', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  const seller = await createAccount('Seller');
  const phone = await listPhone(seller);
  const buyer = await createAccount('Buyer');
  await signIn(page, buyer);
  await page.addInitScript(() => {
    const click = HTMLElement.prototype.click;
    HTMLElement.prototype.click = function () { console.log('replayed click on', this.outerHTML.slice(0, 80), this.isConnected); return click.call(this); };
    document.addEventListener('click', (e) => console.log('click event', (e.target as Element).tagName, performance.now().toFixed(0)), true);
  });
  const release = await holdAppCode(page);
  await page.goto(`/products/${phone.brandId}`);
  await page.getByRole('button', { name: `Book Now: ${phone.name}` }).click();
  console.log('taps', await page.evaluate(() => (window as any).__phonehaatTaps?.length));
  release();
  await expect(page.locator('#root[data-started="hydrated"]')).toBeAttached();
  await page.waitForTimeout(1000);
  console.log('dialog', await page.getByRole('dialog').count(), await page.evaluate(() => [document.documentElement.dataset.hydrating, (window as any).__phonehaatTaps]));
  console.log(logs.join('\n'));
});
