import { useState } from 'react';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, ConfirmDialog, formatPhoneNumber, notify, VisuallyHidden } from '@phonehaat/shared-ui';
import { resetPhone } from '../api/reset-phone';
import { PEOPLE_CHANGES } from '../api/user-page';
import styles from './moderation-list.module.css';
import { useT } from '../../../i18n';

/**
 * A person's verified number as an admin sees it (issue 46): its last 3 digits only, and Reset, confirmed, which takes
 * it off their account; they verify one again before listing, booking or writing. The lists showing it read again.
 */
export function PhoneCell({ person }: { person: { _id: string; name: string; phoneEnding: string | null } }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const reset = useAction(resetPhone, { invalidates: PEOPLE_CHANGES });
  if (!person.phoneEnding) return <span className={styles.muted}>{t('people.noPhone')}</span>;
  const ending = formatPhoneNumber(person.phoneEnding);

  const confirm = async () => {
    try {
      await reset.run(person._id);
      notify.success(t('people.phoneReset', { name: person.name }));
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : t('people.phoneResetFailed'));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <span className={styles.phone}>
      {/* Read out as words; the dots are for the eye. */}
      <span aria-hidden="true">•••{ending}</span>
      <VisuallyHidden>{t('people.phoneEndingLabel', { ending })}</VisuallyHidden>{' '}
      <Button size="sm" variant="secondary" onClick={() => setConfirming(true)} aria-label={t('people.resetPhoneLabel', { name: person.name })}>
        {t('people.resetPhone')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('people.resetPhoneTitle', { name: person.name })}
        message={t('people.resetPhoneConfirm', { name: person.name, ending })}
        confirmLabel={t('people.resetPhone')}
        danger
        busy={reset.busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </span>
  );
}
