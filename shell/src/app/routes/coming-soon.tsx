import { Link } from 'react-router-dom';
import { EmptyState, buttonClass } from '@phonehaat/shared-ui';
import { paths } from '@phonehaat/shared-auth';

/** What a route shows while its remote is not deployed yet. */
export function ComingSoon({ label }: { label: string }) {
  return (
    <EmptyState
      title="Coming soon"
      message={`We are still building ${label}. Check back shortly.`}
      action={
        <Link className={buttonClass('secondary')} to={paths.home}>
          Back to homepage
        </Link>
      }
    />
  );
}
