// Money as the API keeps it: poisha (1 Tk = 100 poisha), the currency every provider is asked in.
export const CURRENCY = 'bdt' as const;
/** BDT has two decimals at Stripe: 1 Tk = 100 poisha. */
export const toMinorUnits = (taka: number) => taka * 100;
