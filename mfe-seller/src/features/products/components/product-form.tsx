import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { CONDITIONS } from '@phonehaat/shared-api/limits';
import type { Brand } from '@phonehaat/shared-api';
import { ApiRequestError, paths, useSession, type ApiState } from '@phonehaat/shared-auth';
import { Button, ErrorState, ProductCard, SelectField, Skeleton, TextAreaField, TextField, notify } from '@phonehaat/shared-ui';
import { PhotoPicker } from '../../photos/components/photo-picker';
import { usePhotoList } from '../../photos/hooks/use-photo-list';
import { addProduct } from '../api/add-product';
import { loadProductSchema } from '../lib/product-schema';
import { useBrands } from '../api/get-brands';
import styles from './product-form.module.css';

const empty = {
  name: '',
  brandId: '',
  resalePrice: '',
  originalPrice: '',
  condition: '',
  phone: '',
  location: '',
  usedYear: '',
  description: '',
};
type Field = keyof typeof empty | 'photos';

const toNumber = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** The form's text as the contract's shape (numbers as numbers, empty as missing). */
const toBody = (form: typeof empty, photos: string[]) => ({
  ...form,
  photos: photos.length ? photos : undefined,
  resalePrice: toNumber(form.resalePrice),
  originalPrice: toNumber(form.originalPrice),
  usedYear: toNumber(form.usedYear),
  condition: form.condition || undefined,
  brandId: form.brandId || undefined,
});

/** Add a phone: checked with the same schema the server uses, and the server's own messages beside the fields. */
export function ProductForm({ brands: settledBrands }: { brands?: ApiState<Brand[]> } = {}) {
  const navigate = useNavigate();
  const seller = useSession((s) => s.user);
  const brands = useBrands(settledBrands);
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const photos = usePhotoList();
  const set = (field: Field) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));
  const props = (field: keyof typeof empty) => ({ name: field, value: form[field], onChange: set(field), error: errors[field] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    if (photos.uploading) return setProblem('Wait for the photos to finish uploading.');
    if (photos.failed) return setProblem('Remove or retry the photos that could not be uploaded.');
    let schema;
    try {
      schema = await loadProductSchema();
    } catch {
      return setProblem('The form could not be checked: check your connection and try again.');
    }
    const parsed = schema.safeParse(toBody(form, photos.ids));
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await addProduct(parsed.data);
      notify.success('Successfully added');
      navigate(paths.myProducts);
    } catch (error) {
      const apiError = error instanceof ApiRequestError ? error : undefined;
      if (apiError?.fields.length) setErrors(Object.fromEntries(apiError.fields.map(({ field, message }) => [field, message])));
      setProblem(apiError?.message ?? 'The phone could not be added. Please try again.');
      setSaving(false);
    }
  };

  const brandName = brands.status === 'success' ? brands.data.find((brand) => brand._id === form.brandId)?.name : undefined;
  return (
    <div className={styles.layout}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} onFocus={() => void loadProductSchema().catch(() => undefined)} noValidate aria-label="Add a product">
        <p className={styles.seller}>
          Listing as <strong>{seller?.name}</strong> ({seller?.email})
        </p>
        <TextField label="Product name" placeholder="e.g. iPhone 13 Pro 256GB" autoComplete="off" {...props('name')} />
        {brands.status === 'loading' && <Skeleton height={44} />}
        {brands.status === 'error' && <ErrorState title="We couldn't load the brands" onRetry={brands.reload} />}
        {brands.status === 'success' && (
          <SelectField label="Brand" placeholder="Choose a brand" options={brands.data.map((brand) => ({ value: brand._id, label: brand.name }))} {...props('brandId')} />
        )}
        <div className={styles.pair}>
          <TextField label="Resale price (Tk)" inputMode="numeric" placeholder="e.g. 42000" {...props('resalePrice')} />
          <TextField label="Original price (Tk)" inputMode="numeric" placeholder="e.g. 99999" {...props('originalPrice')} />
        </div>
        <div className={styles.pair}>
          <SelectField label="Condition" placeholder="Choose the condition" options={CONDITIONS.map((value) => ({ value, label: value }))} {...props('condition')} />
          <TextField label="Year of purchase" inputMode="numeric" placeholder={String(new Date().getFullYear() - 1)} {...props('usedYear')} />
        </div>
        <div className={styles.pair}>
          <TextField label="Mobile number" type="tel" inputMode="tel" autoComplete="tel" placeholder="01XXX-XXXXXX" {...props('phone')} />
          <TextField label="Location" placeholder="e.g. Dhanmondi, Dhaka" {...props('location')} />
        </div>
        <PhotoPicker list={photos} error={errors.photos} />
        <TextAreaField label="Description" rows={4} placeholder="Battery health, box, scratches, warranty…" {...props('description')} />
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <Button type="submit" loading={saving} disabled={saving || photos.uploading}>
          {photos.uploading ? 'Uploading photos…' : 'Add product'}
        </Button>
      </form>
      <aside className={styles.preview} aria-label="Preview as buyers will see it">
        <h2 className={styles.previewTitle}>Preview</h2>
        <ProductCard
          name={form.name || 'Your phone'}
          img={photos.items[0]?.preview ?? ''}
          resalePrice={toNumber(form.resalePrice) || 0}
          originalPrice={toNumber(form.originalPrice) || 0}
          condition={form.condition || 'Condition'}
          usedYear={toNumber(form.usedYear) || new Date().getFullYear()}
          location={form.location || 'Your area'}
          sellerName={seller?.name ?? ''}
          sellerVerified={false}
          headingLevel={3}
          badge={brandName}
        />
      </aside>
    </div>
  );
}
