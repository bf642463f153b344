import { type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../utils/cx';
import styles from './container.module.css';

export interface ContainerProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'main' | 'section' | 'header' | 'footer';
  className?: string;
  children?: ReactNode;
}

/** The page's centred column: full width on a phone with a small gutter, at most --ph-container-max wide. */
export function Container({ as: Tag = 'div', className, children, ...rest }: ContainerProps) {
  return (
    <Tag className={cx(styles.container, className)} {...rest}>
      {children}
    </Tag>
  );
}
