import { useLanguage } from '../i18n/catalogs';
import { formatTaka } from '../i18n/format';
import { cx } from '../utils/cx';
import styles from './price.module.css';

export interface PriceProps {
  amount: number;
  /** Struck through, in the muted colour: a price that no longer applies (the original price). */
  strike?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** Whole Taka in the page's language: "Tk 12,500", "৳১২,৫০০". */
export function Price({ amount, strike = false, size = 'md', className }: PriceProps) {
  const language = useLanguage();
  const Tag = strike ? 's' : 'span';
  return <Tag className={cx(styles.price, styles[size], strike && styles.strike, className)}>{formatTaka(amount, language)}</Tag>;
}
