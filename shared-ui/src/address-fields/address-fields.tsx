import { DIVISIONS, districtsIn } from '@phonehaat/shared-api/geography';
import { useT } from '../delivery/i18n';
import { SelectField } from '../select-field/select-field';
import { TextField } from '../text-field/text-field';
import { placeName, type AddressDraft, type AddressField } from './address';

export interface AddressFieldsProps {
  value: AddressDraft;
  onChange(next: AddressDraft): void;
  problems: Partial<Record<AddressField, string>>;
  /** The name field's label (whose name: the seller's who hands the parcel over, the buyer's who receives it). */
  nameLabel: string;
}

/**
 * A courier address (issue 45): name, a Bangladeshi mobile number, the division, that division's districts, the area and
 * the street, in the page's language (the seller's pickup point and the buyer's delivery address alike).
 */
export function AddressFields({ value, onChange, problems, nameLabel }: AddressFieldsProps) {
  const t = useT();
  const set = (field: AddressField) => (next: string) => onChange({ ...value, [field]: next, ...(field === 'division' ? { district: '' } : {}) });
  return (
    <>
      <TextField label={nameLabel} autoComplete="name" value={value.name} onChange={(event) => set('name')(event.target.value)} error={problems.name} />
      <TextField label={t('address.phone')} inputMode="tel" autoComplete="tel" placeholder="01XXXXXXXXX" value={value.phone} onChange={(event) => set('phone')(event.target.value)} error={problems.phone} />
      <SelectField
        label={t('address.division')}
        placeholder={t('address.choose')}
        value={value.division}
        onChange={(event) => set('division')(event.target.value)}
        options={DIVISIONS.map((division) => ({ value: division.id, label: placeName(division) }))}
        error={problems.division}
      />
      <SelectField
        label={t('address.district')}
        placeholder={t('address.choose')}
        value={value.district}
        disabled={!value.division}
        onChange={(event) => set('district')(event.target.value)}
        options={districtsIn(value.division).map((district) => ({ value: district.id, label: placeName(district) }))}
        error={problems.district}
      />
      <TextField label={t('address.area')} value={value.area} onChange={(event) => set('area')(event.target.value)} error={problems.area} />
      <TextField label={t('address.street')} autoComplete="street-address" value={value.street} onChange={(event) => set('street')(event.target.value)} error={problems.street} />
    </>
  );
}
