import { type ReactNode } from 'react';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  /** The heading: words, or words with people's text marked inside them (`t.rich`). */
  title: ReactNode;
  message?: string;
  /** The next step, e.g. a button to add the first phone. */
  action?: ReactNode;
  /** Replaces the default (an empty box); decorative. */
  icon?: ReactNode;
  headingLevel?: 2 | 3;
}

/** Nothing to show yet, and what to do about it. */
export function EmptyState({ title, message, action, icon, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.root}>
      <div className={styles.icon} aria-hidden="true">
        {icon ?? <BoxIcon />}
      </div>
      <Heading className={styles.title}>{title}</Heading>
      {message && <p className={styles.message}>{message}</p>}
      {action != null && <div className={styles.action}>{action}</div>}
    </div>
  );
}

function BoxIcon() {
  return (
    <svg viewBox="0 0 24 24" focusable="false">
      <path
        d="M3.5 7.5L12 3l8.5 4.5v9L12 21l-8.5-4.5v-9zM3.5 7.5L12 12l8.5-4.5M12 12v9"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
