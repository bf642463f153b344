import { cx } from '../utils/cx';
import styles from './price.module.css';

const taka = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Whole Taka with en-US grouping: 12500 → "Tk 12,500". */
export function formatTaka(amount: number): string {
  return `Tk ${taka.format(amount)}`;
}

export interface PriceProps {
  amount: number;
  /** Struck through, in the muted colour: a price that no longer applies (the original price). */
  strike?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Price({ amount, strike = false, size = 'md', className }: PriceProps) {
  const Tag = strike ? 's' : 'span';
  return <Tag className={cx(styles.price, styles[size], strike && styles.strike, className)}>{formatTaka(amount)}</Tag>;
}
