import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { EmailKind } from '@phonehaat/shared-api';
import { paths } from '@phonehaat/shared-auth';
import { ApiRequestError } from '@phonehaat/shared-data';
import { Button, Card, Container, PageHeader } from '@phonehaat/shared-ui';
import { unsubscribe } from '../features/notifications/api/notifications';
import { kindLabel } from '../features/notifications/components/email-settings';
import { useT } from '../features/notifications/i18n';

/** Loads nothing: the token is in the address, and nothing changes until the person confirms. */
export async function loader() {
  return null;
}

/**
 * `/unsubscribe?token=…`, an e-mail's footer link: no sign-in, one button. It does not unsubscribe on arrival, since
 * mail scanners open links; a mail client's own one-click posts to the API directly (RFC 8058).
 */
export default function UnsubscribePage() {
  const t = useT();
  const token = useSearchParams()[0].get('token');
  const [state, setState] = useState<{ status: 'ready' | 'working' } | { status: 'done'; kind: EmailKind } | { status: 'error'; message: string }>({ status: 'ready' });
  const confirm = async () => {
    if (!token) return;
    setState({ status: 'working' });
    try {
      const { kind } = await unsubscribe(token);
      setState({ status: 'done', kind });
    } catch (error) {
      setState({ status: 'error', message: error instanceof ApiRequestError ? error.message : String(error) });
    }
  };
  return (
    <Container as="section">
      <PageHeader title={t('unsubscribe.title')} />
      <Card>
        {!token ? (
          <p role="alert">{t('unsubscribe.missing')}</p>
        ) : state.status === 'done' ? (
          <p role="status">{t('unsubscribe.done', { kind: t(kindLabel[state.kind]) })}</p>
        ) : (
          <>
            <p>{t('unsubscribe.intro')}</p>
            {state.status === 'error' && <p role="alert">{state.message}</p>}
            <Button variant="danger" loading={state.status === 'working'} onClick={() => void confirm()}>
              {t('unsubscribe.confirm')}
            </Button>
          </>
        )}
        <p>
          <Link to={paths.notificationSettings}>{t('unsubscribe.settings')}</Link>
        </p>
      </Card>
    </Container>
  );
}
