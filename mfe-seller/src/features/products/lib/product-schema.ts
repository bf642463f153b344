import type { NewProductBody } from '@phonehaat/shared-api';

type Schema = typeof NewProductBody;
let loading: Promise<Schema> | undefined;

/**
 * The contract's schema for a new listing. It brings zod (about 20 KB gzipped), which the form needs only
 * to check what is sent: it loads once the seller starts on the form, not with the page. A failed load is
 * tried again on the next call.
 */
export function loadProductSchema(): Promise<Schema> {
  loading ??= import('@phonehaat/shared-api').then(
    (contract) => contract.NewProductBody,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
