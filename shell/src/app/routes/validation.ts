// The sign-in and sign-up rules, with the product's own messages.
export const MIN_PASSWORD = 6;

export function emailError(email: string): string | undefined {
  if (!email.trim()) return 'Email Address is required';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return 'Enter a valid email address';
  return undefined;
}

export function passwordError(password: string): string | undefined {
  if (!password) return 'Password is required';
  if (password.length < MIN_PASSWORD) return 'Password must be 6 characters or longer';
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
