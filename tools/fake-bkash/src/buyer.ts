import { TEST_CODE, TEST_PIN, TEST_WALLETS } from './wallets.js';

/**
 * Walks the local bKash's payment page as a buyer would (wallet, code, PIN, or cancel), from the bkashURL a merchant
 * got at create; answers the address bKash sends the buyer back to, or undefined when it keeps them on its page.
 */
export async function walkPaymentPage(
  bkashURL: string,
  { wallet = TEST_WALLETS.succeeds as string, pin = TEST_PIN, cancel = false } = {},
): Promise<URL | undefined> {
  const page = new URL(bkashURL);
  const paymentId = page.searchParams.get('paymentId') ?? '';
  const form = (step: string, fields: Record<string, string> = {}) =>
    fetch(new URL(`/checkout/${step}`, page), { method: 'POST', body: new URLSearchParams({ paymentId, ...fields }), redirect: 'manual' });
  let last: Response;
  if (cancel) last = await form('cancel');
  else {
    await form('wallet', { wallet });
    await form('code', { wallet, code: TEST_CODE });
    last = await form('pin', { wallet, pin });
  }
  const location = last.headers.get('location');
  return location ? new URL(location) : undefined;
}
