import { formatDate } from '@phonehaat/shared-ui';

/** When a message was written, as a list and a thread show it: the time today, the date otherwise. */
export function when(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const today = date.toDateString() === now.toDateString();
  return formatDate(date, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
}
