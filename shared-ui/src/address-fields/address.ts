import type { DeliveryAddress } from '@phonehaat/shared-api';
import { currentLanguage } from '../i18n/runtime';

export type AddressField = keyof DeliveryAddress;
/** An address as typed: every field a string, empty until filled. */
export type AddressDraft = Record<AddressField, string>;
export const emptyAddress: AddressDraft = { name: '', phone: '', division: '', district: '', area: '', street: '' };

/** A place's name in the page's language. */
export const placeName = (place: { en: string; bn: string }) => (currentLanguage() === 'bn' ? place.bn : place.en);

/**
 * Checks an address with the contract before it is sent, each wrong field named in the page's language (the schema and
 * its messages loaded when needed: zod stays out of the page's first code).
 */
export async function checkAddress(draft: AddressDraft): Promise<{ address: DeliveryAddress; problems?: undefined } | { address?: undefined; problems: Partial<Record<AddressField, string>> }> {
  const [{ DeliveryAddress }, { messageIn }] = await Promise.all([import('@phonehaat/shared-api'), import('@phonehaat/shared-api/messages')]);
  const parsed = DeliveryAddress.safeParse(draft);
  if (parsed.success) return { address: parsed.data };
  const language = currentLanguage();
  return { problems: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), messageIn(issue.message, language)]).reverse()) };
}
