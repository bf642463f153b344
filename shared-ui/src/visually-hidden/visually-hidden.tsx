import { type HTMLAttributes } from 'react';
import { cx } from '../utils/cx';
import styles from './visually-hidden.module.css';

export interface VisuallyHiddenProps extends HTMLAttributes<HTMLElement> {
  /** The element to render; `dt` names a value in a description list without showing the name. */
  as?: 'span' | 'div' | 'dt' | 'h1' | 'h2' | 'caption';
}

/** Text for screen readers only: read aloud, never shown. */
export function VisuallyHidden({ as: Tag = 'span', className, ...rest }: VisuallyHiddenProps) {
  return <Tag className={cx(styles.hidden, className)} {...rest} />;
}
