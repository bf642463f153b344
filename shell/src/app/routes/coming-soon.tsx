import { Link } from 'react-router-dom';
import { EmptyState, buttonClass } from '@phonehaat/shared-ui';
import { paths } from '@phonehaat/shared-auth';
import { useT } from '../../i18n';

/** What a route shows while its remote is not deployed yet. */
export function ComingSoon({ label }: { label: string }) {
  const t = useT();
  return (
    <EmptyState
      title={t('soon.title')}
      message={t('soon.message', { label })}
      action={
        <Link className={buttonClass('secondary')} to={paths.home}>
          {t('soon.home')}
        </Link>
      }
    />
  );
}
