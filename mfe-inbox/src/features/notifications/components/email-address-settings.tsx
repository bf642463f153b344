import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AddEmail, useSession } from '@phonehaat/shared-auth';
import { useT } from '../i18n';
import styles from './email-settings.module.css';

/**
 * An account made by phone has no e-mail address (issue 46): here it adds one, by a link e-mailed to it that leads back
 * to this page (`?emailToken=`). Accounts with an address do not see it.
 */
export function EmailAddressSettings() {
  const t = useT();
  const hasAddress = useSession((state) => Boolean(state.user?.email));
  const [search, setSearch] = useSearchParams();
  const linkToken = search.get('emailToken') ?? undefined;
  // Came by the link: stay, to say how it went, after the token leaves the address and the session has the address.
  const [byLink] = useState(Boolean(linkToken));
  const forgetToken = useCallback(
    () =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('emailToken');
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  if (hasAddress && !linkToken && !byLink) return null;
  return (
    <section className={`${styles.box} ${styles.phone}`} aria-labelledby="email-address-settings">
      <h2 id="email-address-settings" className={styles.heading}>
        {t('emailAddress.title')}
      </h2>
      <AddEmail linkToken={linkToken} onLinkUsed={forgetToken} />
    </section>
  );
}
