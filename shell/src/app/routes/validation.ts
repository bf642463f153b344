// The sign-in and sign-up rules, with the product's own messages (in the page's language).
import { t } from './i18n';

export const MIN_PASSWORD = 6;

export function emailError(email: string): string | undefined {
  if (!email.trim()) return t('validation.emailRequired');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return t('validation.emailInvalid');
  return undefined;
}

export function passwordError(password: string): string | undefined {
  if (!password) return t('validation.passwordRequired');
  if (password.length < MIN_PASSWORD) return t('validation.passwordShort');
  return undefined;
}

/** Where to go after signing in: the page the user came from (same-site paths only), or home. */
export function returnPath(state: unknown, search: string): string {
  const fromState = (state as { from?: unknown } | null)?.from;
  const fromQuery = new URLSearchParams(search).get('from');
  const from = typeof fromState === 'string' ? fromState : fromQuery;
  // Browsers read a backslash as a slash: '/\\evil.example' would be another site.
  return from && from.startsWith('/') && !from.startsWith('//') && !from.includes('\\') ? from : '/';
}
