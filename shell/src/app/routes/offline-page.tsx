import { Link, useRevalidator, useRouteError } from 'react-router-dom';
import { Button, Container, DocumentTitle, buttonClass } from '@phonehaat/shared-ui';
import { paths } from '@phonehaat/shared-auth';
import styles from './offline-page.module.css';
import { useT } from '../../i18n';

/** Any routing error and any unknown route. */
export function OfflinePage({ retry = false }: { retry?: boolean }) {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const t = useT();
  if (error) console.error('PhoneHaat routing error', error);
  return (
    <Container>
      <section className={styles.page} aria-labelledby="offline-title">
        <DocumentTitle title={t('offline.documentTitle')} />
        <p className={styles.code} aria-hidden="true">
          :(
        </p>
        <h1 id="offline-title" className={styles.title}>
          {t('offline.title')}
        </h1>
        <p className={styles.text}>{t('offline.text')}</p>
        <div className={styles.actions}>
          {retry && (
            <Button variant="secondary" loading={revalidator.state === 'loading'} onClick={() => void revalidator.revalidate()}>
              {t('offline.retry')}
            </Button>
          )}
          <Link className={buttonClass('primary')} to={paths.home}>
            {t('offline.home')}
          </Link>
        </div>
      </section>
    </Container>
  );
}
