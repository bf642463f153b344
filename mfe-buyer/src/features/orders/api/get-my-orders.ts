/** What the caller's bookings are read with (an account made by phone has no address: the API takes the caller's own). */
export const myOrders = (email: string) => ({ query: email ? { email } : {} });
