import { VerifiedBadge } from '@phonehaat/shared-ui';
import styles from './moderation-list.module.css';

export function VerifiedState({ verified }: { verified: boolean }) {
  return verified ? (
    <span>
      <VerifiedBadge /> Verified
    </span>
  ) : (
    <span className={styles.count}>Not verified</span>
  );
}
