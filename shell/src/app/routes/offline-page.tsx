import { Link, useRevalidator, useRouteError } from 'react-router-dom';
import { Button, Container, DocumentTitle, buttonClass } from '@phonehaat/shared-ui';
import { paths } from '@phonehaat/shared-auth';
import styles from './offline-page.module.css';

/** Any routing error and any unknown route. */
export function OfflinePage({ retry = false }: { retry?: boolean }) {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (error) console.error('PhoneHaat routing error', error);
  return (
    <Container>
      <section className={styles.page} aria-labelledby="offline-title">
        <DocumentTitle title="Page not available" />
        <p className={styles.code} aria-hidden="true">
          :(
        </p>
        <h1 id="offline-title" className={styles.title}>
          Looks like our services are currently offline
        </h1>
        <p className={styles.text}>Please try again in a moment. If you followed a link, it may be out of date.</p>
        <div className={styles.actions}>
          {retry && (
            <Button variant="secondary" loading={revalidator.state === 'loading'} onClick={() => void revalidator.revalidate()}>
              Retry
            </Button>
          )}
          <Link className={buttonClass('primary')} to={paths.home}>
            Back to homepage
          </Link>
        </div>
      </section>
    </Container>
  );
}
