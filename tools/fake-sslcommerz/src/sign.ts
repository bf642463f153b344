import { createHash } from 'node:crypto';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * SSLCommerz's signature of an IPN or a return: `verify_key` names the fields signed (comma-separated); `verify_sign` is
 * the MD5 of those fields and `store_passwd` (the MD5 of the store's password), sorted by name, as `key=value` joined by
 * `&` — the check its published merchant libraries make.
 */
export function verifySign(fields: Record<string, string>, storePassword: string): string {
  const keys = (fields.verify_key ?? '').split(',').filter(Boolean);
  const signed: Record<string, string> = Object.fromEntries(keys.filter((key) => key in fields).map((key) => [key, fields[key]!]));
  signed.store_passwd = md5(storePassword);
  return md5(
    Object.keys(signed)
      .sort()
      .map((key) => `${key}=${signed[key]}`)
      .join('&'),
  );
}

/** The fields with `verify_key` and `verify_sign` added, as SSLCommerz posts them. */
export function signed(fields: Record<string, string>, storePassword: string): Record<string, string> {
  const withKey = { ...fields, verify_key: Object.keys(fields).join(',') };
  return { ...withKey, verify_sign: verifySign(withKey, storePassword) };
}
