const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

/** "On PhoneHaat since March 2025 (1 year 8 months)": how long a seller has sold here. */
export function sellerSinceText(since: string, now: Date = new Date()): string {
  const start = new Date(since);
  const months = Math.max(0, (now.getFullYear() - start.getFullYear()) * 12 + now.getMonth() - start.getMonth());
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts = [years && `${years} year${years === 1 ? '' : 's'}`, rest && `${rest} month${rest === 1 ? '' : 's'}`].filter(Boolean);
  return `On PhoneHaat since ${month.format(start)} (${parts.length ? parts.join(' ') : 'new this month'})`;
}
