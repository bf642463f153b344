import { Spinner } from './spinner';
import styles from './spinner.module.css';

export interface PageSpinnerProps {
  label?: string;
}

/** A large spinner centred in the page's main area, for route guards and lazy pages. */
export function PageSpinner({ label }: PageSpinnerProps) {
  return (
    <div className={styles.page}>
      <Spinner label={label} size="lg" />
    </div>
  );
}
