import { api } from '@phonehaat/shared-data';

/**
 * Removes the account and switches off its sign-in; a seller's
 * listings leave the storefront with it.
 */
export const removeUser = (kind: 'seller' | 'buyer', id: string) => (kind === 'seller' ? api.removeSeller : api.removeBuyer)({ params: { id } });
