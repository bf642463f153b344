import { Skeleton } from './skeleton';
import styles from './skeleton.module.css';

/**
 * A ProductCard's outline while listings load. Hidden from screen readers: announce the loading once for the whole
 * grid (a Spinner or aria-busy on it), not once per card.
 */
export function ProductCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <Skeleton className={styles.media} height="auto" radius={0} />
      <div className={styles.body}>
        <Skeleton width="55%" height="1.5rem" />
        <Skeleton width="80%" height="1.1rem" />
        <Skeleton width="65%" height="0.9rem" />
        <Skeleton width="45%" height="0.9rem" />
        <Skeleton width="50%" height="0.9rem" />
      </div>
    </div>
  );
}
