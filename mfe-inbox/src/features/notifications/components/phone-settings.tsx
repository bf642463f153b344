import { VerifyPhone } from '@phonehaat/shared-auth';
import { useApi } from '@phonehaat/shared-data';
import { ErrorState, Skeleton } from '@phonehaat/shared-ui';
import { getMyPhone } from '../api/phone';
import { useT } from '../i18n';
import styles from './email-settings.module.css';

/** The account's phone number beside its e-mail settings: verified, or a code sent to it and typed back (issue 46). */
export function PhoneSettings() {
  const t = useT();
  const phone = useApi(getMyPhone, []);
  return (
    <section className={`${styles.box} ${styles.phone}`} aria-labelledby="phone-settings">
      <h2 id="phone-settings" className={styles.heading}>
        {t('phone.title')}
      </h2>
      {phone.status === 'loading' ? (
        <Skeleton height={64} />
      ) : phone.status === 'error' ? (
        <ErrorState message={phone.error.message} onRetry={phone.reload} />
      ) : (
        <VerifyPhone status={phone.data} onVerified={(next) => phone.setData(() => next)} />
      )}
    </section>
  );
}
