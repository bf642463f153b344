/** What the seller's own listings (sold ones included) are read with: an account made by phone has no address, and the API takes the caller's own. */
export const myProducts = (email: string) => ({ query: email ? { email } : {} });
