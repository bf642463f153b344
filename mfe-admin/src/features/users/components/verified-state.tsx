import { VerifiedBadge } from '@phonehaat/shared-ui';
import styles from './moderation-list.module.css';
import { useT } from '../../../i18n';

export function VerifiedState({ verified }: { verified: boolean }) {
  const t = useT();
  return verified ? (
    <span>
      <VerifiedBadge /> {t('sellers.isVerified')}
    </span>
  ) : (
    <span className={styles.count}>{t('sellers.notVerified')}</span>
  );
}
