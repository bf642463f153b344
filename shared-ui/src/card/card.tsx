import { type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../utils/cx';
import styles from './card.module.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'article' | 'section' | 'li';
  className?: string;
  children?: ReactNode;
}

/** A padded surface: white (or dark) panel with a border and a soft shadow. */
export function Card({ as: Tag = 'div', className, children, ...rest }: CardProps) {
  return (
    <Tag className={cx(styles.card, className)} {...rest}>
      {children}
    </Tag>
  );
}
