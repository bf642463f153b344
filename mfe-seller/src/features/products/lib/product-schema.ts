import type { ListingImeiBody, NewProductBody } from '@phonehaat/shared-api';
import type { messageIn } from '@phonehaat/shared-api/messages';

export interface ProductChecker {
  schema: typeof NewProductBody;
  /** An IMEI given later, from My Product. */
  imeiSchema: typeof ListingImeiBody;
  /** The schema's messages (written in English beside its rules) in the page's language, as the API gives them. */
  messageIn: typeof messageIn;
}
let loading: Promise<ProductChecker> | undefined;

/**
 * The contract's schema for a new listing, and its messages' translations. It brings zod (about 20 KB gzipped), which
 * the form needs only to check what is sent: it loads once the seller starts on the form, not with the page. A failed
 * load is tried again on the next call.
 */
export function loadProductSchema(): Promise<ProductChecker> {
  loading ??= Promise.all([import('@phonehaat/shared-api'), import('@phonehaat/shared-api/messages')]).then(
    ([contract, messages]) => ({ schema: contract.NewProductBody, imeiSchema: contract.ListingImeiBody, messageIn: messages.messageIn }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
