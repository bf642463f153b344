import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { prefetchApi, QueryView, useApiQuery } from '@phonehaat/shared-data';
import { Container, DocumentTitle, PageSpinner } from '@phonehaat/shared-ui';
import { checkInput } from '../features/device-check/api/record-check';
import { CheckFlow } from '../features/device-check/components/check-flow';
import { useT } from '../features/device-check/i18n';
import styles from '../features/device-check/components/device-check.module.css';

/** Runs before the page shows: the check the link opens, into the cache (an expired or used link says so). */
export async function loader({ params }: LoaderFunctionArgs) {
  await prefetchApi('getDeviceCheck', checkInput(params.token ?? ''));
  return params.token ?? '';
}

/**
 * `/check/:token` (issue 68): the check of a phone, run in the phone's own browser from the link (or QR code) its seller
 * — or, at the handover, its buyer — made on PhoneHaat. No sign-in on this phone: the link is the key, once.
 */
export default function DeviceCheckPage() {
  const t = useT();
  const token = useLoaderData() as string;
  const session = useApiQuery('getDeviceCheck', checkInput(token));
  return (
    <Container>
      <DocumentTitle title={t('page.title')} />
      <div className={styles.page}>
        <h1 className={styles.title}>{t('page.title')}</h1>
        <QueryView query={session} loading={<PageSpinner label={t('page.loading')} />}>
          {(opened) => (
            <>
              <p className={styles.listing} translate="no">
                {opened.listing.name}
              </p>
              <CheckFlow token={token} session={opened} />
            </>
          )}
        </QueryView>
      </div>
    </Container>
  );
}
