import { type CSSProperties } from 'react';
import { cx } from '../utils/cx';
import styles from './skeleton.module.css';

export interface SkeletonProps {
  /** A number is pixels; a string is any CSS length. Defaults to the full width. */
  width?: number | string;
  /** Defaults to one line of text. */
  height?: number | string;
  radius?: number | string;
  className?: string;
}

/** A shimmering block that holds the place of content still loading. Hidden from screen readers. */
export function Skeleton({ width = '100%', height = '1em', radius, className }: SkeletonProps) {
  const style: CSSProperties = { width, height, borderRadius: radius };
  return <span className={cx(styles.skeleton, className)} style={style} aria-hidden="true" />;
}
