import type { EmailKind, EmailSettings as Settings } from '@phonehaat/shared-api';
import { EMAIL_KINDS } from '@phonehaat/shared-api/limits';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { notify } from '@phonehaat/shared-ui';
import { setEmail } from '../api/notifications';
import { useT } from '../i18n';
import styles from './email-settings.module.css';

/** Each kind's label key: what the person is e-mailed about. */
export const kindLabel = {
  booked: 'settings.booked',
  paid: 'settings.paid',
  released: 'settings.released',
  disputed: 'settings.disputed',
  'dispute-decided': 'settings.disputeDecided',
  'paid-out': 'settings.paidOut',
  'sold-elsewhere': 'settings.soldElsewhere',
  'listing-removed': 'settings.listingRemoved',
  'your-listing-removed': 'settings.yourListingRemoved',
  'saved-search': 'settings.savedSearch',
  parcel: 'settings.parcel',
  offer: 'settings.offer',
} as const satisfies Record<EmailKind, string>;

/** A checkbox per kind of e-mail, saved as it is ticked (and put back if the save fails). */
export function EmailSettings({ settings, onChange }: { settings: Settings; onChange(next: Settings): void }) {
  const t = useT();
  const saving = useAction(setEmail);
  const toggle = async (kind: EmailKind, enabled: boolean) => {
    onChange({ ...settings, email: { ...settings.email, [kind]: enabled } });
    try {
      onChange(await saving.run(kind, enabled));
      notify.success(t('settings.saved'));
    } catch (error) {
      onChange(settings);
      notify.error(error instanceof ApiRequestError ? error.message : String(error));
    }
  };
  return (
    <fieldset className={styles.box}>
      <legend className={styles.legend}>{t('settings.title')}</legend>
      <p className={styles.hint}>{t('settings.hint')}</p>
      {EMAIL_KINDS.map((kind) => (
        <label key={kind} className={styles.option}>
          <input type="checkbox" checked={settings.email[kind]} disabled={saving.pending?.[0] === kind} onChange={(event) => void toggle(kind, event.target.checked)} />
          <span>{t(kindLabel[kind])}</span>
        </label>
      ))}
    </fieldset>
  );
}
