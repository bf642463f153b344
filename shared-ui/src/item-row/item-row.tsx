import type { ReactNode } from 'react';
import styles from './item-row.module.css';

export interface ItemListProps {
  /** What the list holds, for screen readers ("Your bookings"). */
  label: string;
  children: ReactNode;
}

/** A vertical list of ItemRows (a buyer's orders, a seller's phones). */
export function ItemList({ label, children }: ItemListProps) {
  return (
    <ul className={styles.list} aria-label={label}>
      {children}
    </ul>
  );
}

export interface ItemRowProps {
  img: string;
  title: string;
  headingLevel?: 2 | 3;
  /** Details under the title: price, status, notes. */
  children?: ReactNode;
  /** Buttons or links; under the details on a phone, at the end of the row on wider screens. */
  actions?: ReactNode;
  testId?: string;
}

/**
 * One item in an ItemList: a small photo, its title and details, and its actions. On a phone the photo sits beside the
 * title only and the details use the card's whole width (issue 65: a long order ran three screens beside an empty
 * column under its photo); wider, the photo heads a column of its own.
 */
export function ItemRow({ img, title, headingLevel = 2, children, actions, testId }: ItemRowProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className={styles.row} data-testid={testId}>
      <img className={styles.image} src={img} alt="" width={96} height={72} loading="lazy" />
      <Heading className={styles.title} translate="no">
        {title}
      </Heading>
      <div className={styles.details}>{children}</div>
      {actions != null && <div className={styles.actions}>{actions}</div>}
    </li>
  );
}
