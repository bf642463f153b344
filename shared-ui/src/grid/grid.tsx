import { type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../utils/cx';
import styles from './grid.module.css';

export interface GridProps extends HTMLAttributes<HTMLElement> {
  /** 'ul' for a list of cards (give it <li> children): screen readers then say how many there are. */
  as?: 'div' | 'ul';
  className?: string;
  children?: ReactNode;
}

/** Cards in 1 column on a phone, 2 from 560px, 3 from 900px, 4 from 1200px. */
export function Grid({ as = 'div', className, children, ...rest }: GridProps) {
  const classes = cx(styles.grid, className);
  // role="list" because Safari drops list semantics from a list styled with list-style: none.
  return as === 'ul' ? (
    <ul role="list" className={classes} {...rest}>
      {children}
    </ul>
  ) : (
    <div className={classes} {...rest}>
      {children}
    </div>
  );
}
