import { Children, type ReactNode } from 'react';
import styles from './tab-nav.module.css';

export interface TabNavProps {
  /** What the tabs choose between, for screen readers ("Notifications' sections"). */
  label: string;
  /** One link per tab (a router's NavLink): the one marked aria-current="page" shows as chosen. */
  children: ReactNode;
}

/**
 * Tabs that are addresses: each tab a link to its own page (so Back, a shared link and a reload land on it), drawn as
 * a tab bar, the current one underlined in the accent colour. On a narrow phone the bar scrolls sideways rather than
 * wrapping. Links, not role="tab": each tab loads a page, which is what a link announces.
 */
export function TabNav({ label, children }: TabNavProps) {
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul className={styles.list}>
        {Children.toArray(children).map((child, index) => (
          <li key={index} className={styles.item}>
            {child}
          </li>
        ))}
      </ul>
    </nav>
  );
}
