import { useState, type FormEvent } from 'react';
import type { Pickup } from '@phonehaat/shared-api';
import { DIVISIONS, districtOf, districtsIn } from '@phonehaat/shared-api/geography';
import { ApiRequestError, useAction } from '@phonehaat/shared-auth';
import { Button, currentLanguage, notify, SelectField, TextField, useFirstErrorFocus } from '@phonehaat/shared-ui';
import { setPickup } from '../api/pickup';
import { useT } from '../../../i18n';
import styles from './pickup.module.css';

type Field = 'name' | 'phone' | 'division' | 'district' | 'area' | 'street';
const empty: Record<Field, string> = { name: '', phone: '', division: '', district: '', area: '', street: '' };

/** The pickup address: who hands the parcel over, their mobile number, and where (division, district, area, street). */
export function PickupAddressForm({ pickup, onSaved }: { pickup: Pickup | null; onSaved(pickup: Pickup): void }) {
  const t = useT();
  const language = currentLanguage();
  const [editing, setEditing] = useState(pickup === null);
  const [address, setAddress] = useState<Record<Field, string>>(pickup?.address ?? empty);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const saving = useAction(setPickup);
  const formRef = useFirstErrorFocus(problems);
  const nameOf = (place: { en: string; bn: string }) => (language === 'bn' ? place.bn : place.en);

  if (pickup && !editing) {
    const district = districtOf(pickup.address.district);
    return (
      <div className={styles.current}>
        <p>{t('pickup.current', { street: pickup.address.street, area: pickup.address.area, district: district ? nameOf(district) : pickup.address.district })}</p>
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
          {t('pickup.change')}
        </Button>
      </div>
    );
  }

  const set = (field: Field) => (value: string) => setAddress((now) => ({ ...now, [field]: value, ...(field === 'division' ? { district: '' } : {}) }));
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The contract's schema and its messages' Bangla, loaded when they are needed: zod stays out of the page's first code.
    const [{ DeliveryAddress }, { messageIn }] = await Promise.all([import('@phonehaat/shared-api'), import('@phonehaat/shared-api/messages')]);
    const parsed = DeliveryAddress.safeParse(address);
    const byField = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), messageIn(issue.message, language)]).reverse());
    if (!parsed.success) return setProblems(byField);
    setProblems({});
    try {
      const saved = await saving.run(parsed.data);
      notify.success(t('pickup.saved'));
      setEditing(false);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields.length) return setProblems(Object.fromEntries(error.fields.map((field) => [field.field, field.message])));
      notify.error(error instanceof ApiRequestError ? error.message : t('pickup.failed'));
    }
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={(event) => void submit(event)} aria-label={t('pickup.title')} noValidate>
      <p className={styles.sub}>{t('pickup.explain')}</p>
      <TextField label={t('pickup.name')} autoComplete="name" value={address.name} onChange={(event) => set('name')(event.target.value)} error={problems.name} />
      <TextField label={t('pickup.phone')} inputMode="tel" autoComplete="tel" placeholder="01XXXXXXXXX" value={address.phone} onChange={(event) => set('phone')(event.target.value)} error={problems.phone} />
      <SelectField
        label={t('pickup.division')}
        placeholder={t('pickup.choose')}
        value={address.division}
        onChange={(event) => set('division')(event.target.value)}
        options={DIVISIONS.map((division) => ({ value: division.id, label: nameOf(division) }))}
        error={problems.division}
      />
      <SelectField
        label={t('pickup.district')}
        placeholder={t('pickup.choose')}
        value={address.district}
        disabled={!address.division}
        onChange={(event) => set('district')(event.target.value)}
        options={districtsIn(address.division).map((district) => ({ value: district.id, label: nameOf(district) }))}
        error={problems.district}
      />
      <TextField label={t('pickup.area')} value={address.area} onChange={(event) => set('area')(event.target.value)} error={problems.area} />
      <TextField label={t('pickup.street')} autoComplete="street-address" value={address.street} onChange={(event) => set('street')(event.target.value)} error={problems.street} />
      <Button type="submit" size="sm" loading={saving.busy} disabled={saving.busy}>
        {t('pickup.save')}
      </Button>
    </form>
  );
}
