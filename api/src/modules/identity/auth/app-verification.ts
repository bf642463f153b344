// Firebase's app verification for phone codes (issue 46, decision 038): in production Firebase must refuse to send a
// code that does not carry a reCAPTCHA Enterprise token from PhoneHaat's own pages (its SMS defense), or anyone could
// make it send codes, and bills, to any number. Asked at start the way Firebase's web SDK asks it, by the project's
// reCAPTCHA configuration (`GET /v2/recaptchaConfig`): the phone provider must be on (ENFORCE, or AUDIT while it is being
// tried) with a site key, or the API refuses to start.
import type { Env } from '../../../config/env.ts';

export class AppVerificationMissing extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AppVerificationMissing';
  }
}

interface RecaptchaConfig {
  recaptchaKey?: string;
  recaptchaEnforcementState?: { provider?: string; enforcementState?: string }[];
}

/** The phone provider's enforcement ('ENFORCE' or 'AUDIT') and the site key the browser's PUBLIC_RECAPTCHA_SITE_KEY must be. */
export async function checkPhoneAppVerification(
  env: Pick<Env, 'FIREBASE_API_KEY' | 'FIREBASE_AUTH_EMULATOR_HOST'>,
  fetcher: typeof fetch = fetch,
): Promise<{ enforcement: 'ENFORCE' | 'AUDIT'; siteKey: string }> {
  const base = env.FIREBASE_AUTH_EMULATOR_HOST ? `http://${env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com` : 'https://identitytoolkit.googleapis.com';
  const query = new URLSearchParams({ key: env.FIREBASE_API_KEY, clientType: 'CLIENT_TYPE_WEB', version: 'RECAPTCHA_ENTERPRISE' });
  let response: Response;
  try {
    response = await fetcher(`${base}/v2/recaptchaConfig?${query}`, { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new AppVerificationMissing(`Firebase's reCAPTCHA configuration could not be read (${(error as Error).message}): phone codes would go unverified`);
  }
  const config = (await response.json().catch(() => ({}))) as RecaptchaConfig & { error?: { message?: string } };
  if (!response.ok) {
    throw new AppVerificationMissing(`Firebase refused to tell its reCAPTCHA configuration (${config.error?.message ?? `HTTP ${response.status}`}): check FIREBASE_API_KEY`);
  }
  const phone = config.recaptchaEnforcementState?.find((state) => state.provider === 'PHONE_PROVIDER')?.enforcementState;
  if (phone !== 'ENFORCE' && phone !== 'AUDIT') {
    throw new AppVerificationMissing(
      `Firebase does not verify the app for phone codes (reCAPTCHA Enterprise for PHONE_PROVIDER is ${phone ?? 'not set'}): turn on reCAPTCHA SMS defense for phone authentication in the Firebase console`,
    );
  }
  // "projects/<project>/keys/<site key>", as the SDK reads it.
  const siteKey = config.recaptchaKey?.split('/')[3];
  if (!siteKey) throw new AppVerificationMissing('Firebase names no reCAPTCHA Enterprise site key for the web: create one in the Firebase console');
  return { enforcement: phone, siteKey };
}
