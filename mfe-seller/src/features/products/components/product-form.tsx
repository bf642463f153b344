import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { amountOf } from '@phonehaat/shared-api/digits';
import { CONDITIONS } from '@phonehaat/shared-api/limits';
import type { PriceGuideQuery } from '@phonehaat/shared-api';
import { paths, useSession } from '@phonehaat/shared-auth';
import { ApiRequestError, QueryView, useAction, useApiQuery } from '@phonehaat/shared-data';
import { Button, conditionText, notify, ProductCard, SelectField, Skeleton, TextAreaField, TextField, useFirstErrorFocus, useLanguage, UserText, yearText } from '@phonehaat/shared-ui';
import { ImeiField } from './imei-field';
import { OfferTermsFields } from './offer-terms-fields';
import { PriceHint } from './price-hint';
import { YouReceive } from './you-receive';
import { usePriceGuide } from '../api/get-price-guide';
import { PhotoPicker, usePhotoList } from '../../photos';
import { addProduct } from '../api/add-product';
import { loadProductSchema } from '../lib/product-schema';
import styles from './product-form.module.css';
import { useT } from '../../../i18n';

const empty = {
  name: '',
  brandId: '',
  resalePrice: '',
  originalPrice: '',
  condition: '',
  location: '',
  usedYear: '',
  description: '',
  imei: '',
  lowestOffer: '',
};
type Field = keyof typeof empty | 'photos';

// Typed as a person writes them: Bangla digits, commas, "Tk" (৪২,০০০); NaN for what is not a number, which the
// schema then explains ("Enter the amount in taka, e.g. 21,000").
const toNumber = (value: string) => amountOf(value);

/** The form's text as the contract's shape (numbers as numbers, empty as missing). */
const toBody = (form: typeof empty, photos: string[], openToOffers: boolean) => ({
  ...form,
  openToOffers,
  lowestOffer: openToOffers && form.lowestOffer.trim() ? toNumber(form.lowestOffer) : null,
  photos: photos.length ? photos : undefined,
  resalePrice: toNumber(form.resalePrice),
  originalPrice: toNumber(form.originalPrice),
  usedYear: toNumber(form.usedYear),
  condition: form.condition || undefined,
  brandId: form.brandId || undefined,
  imei: form.imei.trim() || undefined,
});

/** The price guide's question once brand, name, condition and year are filled in (issue 30); undefined before. */
function guideQuery(form: typeof empty): PriceGuideQuery | undefined {
  const usedYear = toNumber(form.usedYear);
  if (!form.brandId || form.name.trim().length < 3 || !form.condition || !usedYear || usedYear < 2000 || usedYear > new Date().getFullYear()) return undefined;
  return { brandId: form.brandId, name: form.name.trim(), condition: form.condition as PriceGuideQuery['condition'], usedYear };
}

/** Add a phone: checked with the same schema the server uses, and the server's own messages beside the fields. */
export function ProductForm({ onListed }: { onListed?(): void } = {}) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const seller = useSession((s) => s.user);
  // The brands a phone can be listed under (the page's loader read them into the cache).
  const brands = useApiQuery('listBrandNames');
  const [form, setForm] = useState(empty);
  const [openToOffers, setOpenToOffers] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const formRef = useFirstErrorFocus(errors);
  const [problem, setProblem] = useState<string>();
  const adding = useAction(addProduct);
  const photos = usePhotoList();
  const set = (field: Field) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));
  const props = (field: keyof typeof empty) => ({ name: field, value: form[field], onChange: set(field), error: errors[field] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    if (photos.uploading) return setProblem(t('form.waitPhotos'));
    if (photos.failed) return setProblem(t('form.fixPhotos'));
    let checker;
    try {
      checker = await loadProductSchema();
    } catch {
      return setProblem(t('form.cannotCheck'));
    }
    const parsed = checker.schema.safeParse(toBody(form, photos.ids, openToOffers));
    const next: Partial<Record<Field, string>> = {};
    // The API takes listings without an IMEI (the original contract's clients); every new listing made here has one.
    if (!form.imei.trim()) next.imei = t('imei.required', { code: '*#06#' });
    if (!parsed.success) for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= checker.messageIn(issue.message, language);
    if (!parsed.success || Object.keys(next).length) {
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await adding.run(parsed.data);
      notify.success(t('form.done'));
      if (onListed) onListed();
      else navigate(paths.myProducts);
    } catch (error) {
      const apiError = error instanceof ApiRequestError ? error : undefined;
      if (apiError?.fields.length) setErrors(Object.fromEntries(apiError.fields.map(({ field, message }) => [field, message])));
      setProblem(apiError?.message ?? t('form.failed'));
    }
  };

  const guide = usePriceGuide(guideQuery(form));
  const brandName = brands.data?.find((brand) => brand._id === form.brandId)?.name;
  return (
    <div className={styles.layout}>
      <form ref={formRef} className={styles.form} onSubmit={(event) => void submit(event)} onFocus={() => void loadProductSchema().catch(() => undefined)} noValidate aria-label={t('form.label')}>
        <p className={styles.seller}>
          {t('form.listingAs')} <strong translate="no">{seller?.name}</strong>
          {seller?.email && (
            <>
              {' '}
              (<UserText>{seller.email}</UserText>)
            </>
          )}
        </p>
        <p className={styles.seller}>{t('form.phoneNote')}</p>
        <TextField label={t('form.name')} placeholder={t('form.namePlaceholder')} autoComplete="off" {...props('name')} />
        <QueryView query={brands} loading={<Skeleton height={44} />} failed={{ title: t('form.brandsFailed') }}>
          {(list) => <SelectField label={t('form.brand')} placeholder={t('form.brandPlaceholder')} options={list.map((brand) => ({ value: brand._id, label: brand.name }))} {...props('brandId')} />}
        </QueryView>
        <PriceHint guide={guide} price={toNumber(form.resalePrice)} />
        <div className={styles.pair}>
          <TextField label={t('form.resale')} inputMode="numeric" placeholder={t('form.resalePlaceholder')} {...props('resalePrice')} />
          <TextField label={t('form.original')} inputMode="numeric" placeholder={t('form.originalPlaceholder')} {...props('originalPrice')} />
        </div>
        <YouReceive price={toNumber(form.resalePrice)} />
        <OfferTermsFields open={openToOffers} onOpen={setOpenToOffers} lowest={form.lowestOffer} onLowest={(lowestOffer) => setForm((current) => ({ ...current, lowestOffer }))} error={errors.lowestOffer} />
        <div className={styles.pair}>
          <SelectField label={t('form.condition')} placeholder={t('form.conditionPlaceholder')} options={CONDITIONS.map((value) => ({ value, label: conditionText(value) }))} {...props('condition')} />
          <TextField label={t('form.year')} inputMode="numeric" placeholder={yearText(new Date().getFullYear() - 1, language)} {...props('usedYear')} />
        </div>
        <TextField label={t('form.location')} placeholder={t('form.locationPlaceholder')} {...props('location')} />
        <ImeiField value={form.imei} error={errors.imei} onChange={(imei) => setForm((current) => ({ ...current, imei }))} />
        <PhotoPicker list={photos} error={errors.photos} />
        <TextAreaField label={t('form.description')} rows={4} placeholder={t('form.descriptionPlaceholder')} {...props('description')} />
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <Button type="submit" loading={adding.busy} disabled={adding.busy || photos.uploading}>
          {photos.uploading ? t('form.uploading') : t('form.submit')}
        </Button>
      </form>
      <aside className={styles.preview} aria-label={t('form.preview')}>
        <h2 className={styles.previewTitle}>{t('form.previewTitle')}</h2>
        <ProductCard
          name={form.name || t('form.yourPhone')}
          img={photos.items[0]?.preview ?? ''}
          resalePrice={toNumber(form.resalePrice) || 0}
          originalPrice={toNumber(form.originalPrice) || 0}
          condition={form.condition || t('form.condition')}
          usedYear={toNumber(form.usedYear) || new Date().getFullYear()}
          location={form.location || t('form.yourArea')}
          sellerName={seller?.name ?? ''}
          sellerVerified={false}
          headingLevel={3}
          badge={brandName}
        />
      </aside>
    </div>
  );
}
