// Firebase's app verification for phone codes (issue 46, decision 038). In production the project has reCAPTCHA
// Enterprise's SMS defense on, so every request that makes Firebase send a code carries a fresh token from this page:
// Google's reCAPTCHA Enterprise script (loaded only when a code is first asked for, never on a first page) scores the
// visit for the action `sendVerificationCode`, as Firebase's own web SDK does, and the API passes the token on. With no
// site key (the Auth emulator, development and tests) nothing is loaded and nothing is sent.
import { env } from './config/env';
import { t } from './i18n';

interface Enterprise {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}
type RecaptchaWindow = Window & { grecaptcha?: { enterprise?: Enterprise }; phonehaatRecaptchaReady?: () => void };

/** Google's check could not run (its script did not load, or it failed): said in the page's language. */
export class AppCheckFailed extends Error {
  constructor() {
    super(t('phone.appCheckFailed'));
    this.name = 'AppCheckFailed';
  }
}

const ONLOAD = 'phonehaatRecaptchaReady' satisfies keyof RecaptchaWindow;
let loading: Promise<Enterprise> | undefined;

function loadEnterprise(siteKey: string, page: RecaptchaWindow): Promise<Enterprise> {
  loading ??= new Promise<Enterprise>((resolve, reject) => {
    page[ONLOAD] = () => {
      const enterprise = page.grecaptcha?.enterprise;
      if (enterprise) enterprise.ready(() => resolve(enterprise));
      else reject(new AppCheckFailed());
    };
    const script = page.document.createElement('script');
    script.src = `https://www.google.com/recaptcha/enterprise.js?render=${encodeURIComponent(siteKey)}&onload=${ONLOAD}`;
    script.async = true;
    script.onerror = () => reject(new AppCheckFailed());
    page.document.head.append(script);
  });
  // A failed load (offline for a moment) is tried again at the next code.
  loading.catch(() => (loading = undefined));
  return loading;
}

/** What a code request adds to its body: the reCAPTCHA token when the app is verified, else nothing. */
export async function appVerification(siteKey = env.recaptchaSiteKey, page: RecaptchaWindow = window as RecaptchaWindow): Promise<{ captchaResponse?: string }> {
  if (!siteKey) return {};
  const enterprise = await loadEnterprise(siteKey, page);
  const captchaResponse = await enterprise.execute(siteKey, { action: 'sendVerificationCode' }).catch(() => {
    throw new AppCheckFailed();
  });
  return { captchaResponse };
}

/** For tests: forget the loaded script. */
export function forgetAppVerification() {
  loading = undefined;
}
