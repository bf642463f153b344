import { paths } from '@phonehaat/shared-auth';
import { VisuallyHidden } from '@phonehaat/shared-ui';
import { useT } from '../i18n';
import { LiveCountLink } from './live-count-link';

/** "Messages" in the navbar for a signed-in buyer or seller, with how many conversations have something unread, live. */
export function InboxLink({ className }: { className: (state: { isActive: boolean }) => string | undefined }) {
  const t = useT();
  return (
    <LiveCountLink to={paths.inbox()} permission="read:thread:own" count="unreadThreads" className={className} describe={(count) => t('nav.unread', { count })} testId="unread-count">
      {t('nav.inbox')}
    </LiveCountLink>
  );
}

/** The bell: a signed-in person's notifications, with how many are unread, live (issue 27). */
export function BellLink({ className }: { className: (state: { isActive: boolean }) => string | undefined }) {
  const t = useT();
  return (
    <LiveCountLink
      to={paths.notifications()}
      permission="read:notification:own"
      count="unreadNotifications"
      className={className}
      describe={(count) => t('nav.unreadNotifications', { count })}
      testId="bell-count"
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      <VisuallyHidden>{t('nav.notifications')}</VisuallyHidden>
    </LiveCountLink>
  );
}
