/** Poisha as the providers write amounts in taka: "21000" or "21000.50". */
export const takaText = (poisha: number) => (poisha % 100 === 0 ? String(poisha / 100) : (poisha / 100).toFixed(2));

/** A provider's "21000.00" (bKash, SSLCommerz, Nagad) as poisha, exactly; NaN when it is not an amount. */
export function poishaOf(amount: string | undefined): number {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount ?? '');
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0')) : Number.NaN;
}
