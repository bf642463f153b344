import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Config from '../config/env';
import { appVerification, forgetAppVerification } from '../app-verification';
import { setSession } from '../testing';
import { mockApi } from '@phonehaat/shared-data/testing';
import { VerifyPhone } from './verify-phone';

// Production's build: a reCAPTCHA Enterprise site key (PUBLIC_RECAPTCHA_SITE_KEY).
vi.mock('../config/env', async (original) => {
  const { env } = await original<typeof Config>();
  return { env: { ...env, recaptchaSiteKey: '6Lc-site-key' } };
});

type Page = Window & { grecaptcha?: unknown; phonehaatRecaptchaReady?: () => void };
const page = window as Page;
const scripts = () => [...document.head.querySelectorAll('script')].filter((script) => script.src.startsWith('https://www.google.com/recaptcha/'));

/** Google's script, as it arrives: its `grecaptcha.enterprise`, then the onload callback the page named. */
function googleLoads(execute = vi.fn(async () => 'token-from-google')) {
  page.grecaptcha = { enterprise: { ready: (callback: () => void) => callback(), execute } };
  page.phonehaatRecaptchaReady?.();
  return execute;
}
const whenAsked = () => vi.waitFor(() => expect(scripts().length).toBeGreaterThan(0));

beforeEach(() => {
  forgetAppVerification();
  for (const script of scripts()) script.remove();
  delete page.grecaptcha;
  setSession({ role: 'Seller' });
});
afterEach(() => forgetAppVerification());

describe('app verification for phone codes', () => {
  it('adds nothing and loads nothing without a site key (the Auth emulator)', async () => {
    await expect(appVerification('')).resolves.toEqual({});
    expect(scripts()).toHaveLength(0);
  });

  it('loads reCAPTCHA Enterprise only when a code is asked for, once, and asks it for the action Firebase checks', async () => {
    expect(scripts()).toHaveLength(0);
    const first = appVerification();
    await whenAsked();
    expect(scripts()[0]!.src).toBe('https://www.google.com/recaptcha/enterprise.js?render=6Lc-site-key&onload=phonehaatRecaptchaReady');
    const execute = googleLoads();
    await expect(first).resolves.toEqual({ captchaResponse: 'token-from-google' });
    execute.mockResolvedValueOnce('a-fresh-token');
    await expect(appVerification()).resolves.toEqual({ captchaResponse: 'a-fresh-token' });
    expect(scripts()).toHaveLength(1);
    expect(execute).toHaveBeenCalledWith('6Lc-site-key', { action: 'sendVerificationCode' });
  });

  it('sends the token with the code request; when Google’s script cannot load, says so and tries again at the next code', async () => {
    const calls = mockApi({ 'POST /me/phone/code': [201, { verificationId: 'e0000000-0000-4000-8000-000000000001', phone: '01712345678' }] });
    render(<VerifyPhone status={{ phone: null, verifiedAt: null }} onVerified={() => {}} />);
    await userEvent.type(screen.getByLabelText('Mobile number'), '01712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await whenAsked();
    scripts()[0]!.dispatchEvent(new Event('error'));
    expect(await screen.findByText('The security check for the code could not load. Check your connection and try again.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await vi.waitFor(() => expect(scripts()).toHaveLength(2));
    googleLoads();
    expect(await screen.findByText('Enter the 6-digit code sent to 01712345678.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ phone: '01712345678', captchaResponse: 'token-from-google' }]);
  });
});
