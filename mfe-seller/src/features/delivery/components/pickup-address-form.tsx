import { useState, type FormEvent } from 'react';
import type { Pickup } from '@phonehaat/shared-api';
import { districtOf } from '@phonehaat/shared-api/geography';
import { ApiRequestError, updateRead, useAction } from '@phonehaat/shared-data';
import { AddressFields, Button, checkAddress, emptyAddress, notify, Outcome, placeName, useFirstErrorFocus, UserText, type AddressDraft, type AddressField } from '@phonehaat/shared-ui';
import { setPickup } from '../api/pickup';
import { useT } from '../../../i18n';
import styles from './pickup.module.css';

/** The pickup address: who hands the parcel over, their mobile number, and where (division, district, area, street). */
export function PickupAddressForm({ pickup, onSaved }: { pickup: Pickup | null; onSaved?(pickup: Pickup): void }) {
  const t = useT();
  const [editing, setEditing] = useState(pickup === null);
  // Saved just now: the form collapses into the address kept, said where the seller is looking (issue 65).
  const [justSaved, setJustSaved] = useState(false);
  const [address, setAddress] = useState<AddressDraft>(pickup?.address ?? emptyAddress);
  const [problems, setProblems] = useState<Partial<Record<AddressField, string>>>({});
  const saving = useAction(setPickup);
  const formRef = useFirstErrorFocus(problems);

  if (pickup && !editing) {
    const district = districtOf(pickup.address.district);
    return (
      <div className={styles.current}>
        <Outcome reveal={justSaved}>
          <p>
            {t.rich('pickup.current', {
              street: <UserText>{pickup.address.street}</UserText>,
              area: <UserText>{pickup.address.area}</UserText>,
              district: district ? placeName(district) : <UserText>{pickup.address.district}</UserText>,
            })}
          </p>
        </Outcome>
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
          {t('pickup.change')}
        </Button>
      </div>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = await checkAddress(address);
    if (checked.problems) return setProblems(checked.problems);
    setProblems({});
    try {
      const saved = await saving.run(checked.address);
      // Kept as the answer says: every screen asking whether the seller has a pickup point follows (Add a product's courier question).
      updateRead('getPickupAddress', undefined, () => saved);
      notify.success(t('pickup.saved'));
      setEditing(false);
      setJustSaved(true);
      onSaved?.(saved);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields.length) return setProblems(Object.fromEntries(error.fields.map((field) => [field.field, field.message])));
      notify.error(error instanceof ApiRequestError ? error.message : t('pickup.failed'));
    }
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={(event) => void submit(event)} aria-label={t('pickup.title')} noValidate>
      <p className={styles.sub}>{t('pickup.explain')}</p>
      <AddressFields value={address} onChange={setAddress} problems={problems} nameLabel={t('pickup.name')} />
      <Button type="submit" size="sm" loading={saving.busy} disabled={saving.busy}>
        {t('pickup.save')}
      </Button>
    </form>
  );
}
