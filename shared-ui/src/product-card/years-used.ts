/** "2 years used", "1 year used" or "Less than a year used", counting whole calendar years since the purchase year. */
export function yearsUsedText(usedYear: number, now: Date = new Date()): string {
  const years = Math.max(0, now.getFullYear() - usedYear);
  if (years === 0) return 'Less than a year used';
  return years === 1 ? '1 year used' : `${years} years used`;
}
