import { VerifyPhone } from '@phonehaat/shared-auth';
import { QueryView, updateRead, useApiQuery } from '@phonehaat/shared-data';
import { Skeleton } from '@phonehaat/shared-ui';
import { useT } from '../i18n';
import styles from './email-settings.module.css';

/** The account's phone number beside its e-mail settings: verified, or a code sent to it and typed back (issue 46). */
export function PhoneSettings() {
  const t = useT();
  const phone = useApiQuery('getMyPhone');
  return (
    <section className={`${styles.box} ${styles.phone}`} aria-labelledby="phone-settings">
      <h2 id="phone-settings" className={styles.heading}>
        {t('phone.title')}
      </h2>
      <QueryView query={phone} loading={<Skeleton height={64} />}>
        {(status) => <VerifyPhone status={status} onVerified={(next) => updateRead('getMyPhone', undefined, () => next)} />}
      </QueryView>
    </section>
  );
}
