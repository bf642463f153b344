import type { ScamKind } from '@phonehaat/shared-api';
import { useT } from '../../../i18n';
import styles from './scam-warning.module.css';

/**
 * Under a message PhoneHaat saw a risk in (issue 70): for its reader, what the risk is and what to do, in the reader's
 * language whatever the message's; for its sender, once a conversation, a kind word on why (it was delivered).
 */
export function ScamWarning({ kinds, mine }: { kinds: ScamKind[]; mine: boolean }) {
  const t = useT();
  if (mine) {
    return (
      <p className={styles.toSender} data-testid="scam-note">
        {t('scam.toSender')}
      </p>
    );
  }
  return (
    <div className={styles.warning} role="note" aria-label={t('scam.title')} data-testid="scam-warning">
      <p className={styles.title}>{t('scam.title')}</p>
      <ul className={styles.kinds}>
        {kinds.map((kind) => (
          <li key={kind}>{t(`scam.kind.${kind}` as 'scam.kind.code')}</li>
        ))}
      </ul>
      <p>{t('scam.advice')}</p>
    </div>
  );
}
