import { Form } from 'react-router-dom';
import type { Brand } from '@phonehaat/shared-api';
import { CONDITIONS, MIN_USED_YEAR } from '@phonehaat/shared-api/limits';
import { Button, conditionText, SelectField, TextField, useFirstErrorFocus, useLanguage, yearText } from '@phonehaat/shared-ui';
import { PRICE_GUIDE_PATH } from '../address';
import type { GuideAsk } from '../query';
import { useT } from '../i18n';
import styles from './guide-form.module.css';

interface GuideFormProps {
  brands: Brand[];
  /** What was asked (shown again, with what is wrong with it), if anything. */
  ask: GuideAsk | undefined;
  busy: boolean;
}

/** Which phone: an ordinary form whose answer is an address (`/price-guide?brandId=…`), so the back button and a shared link work. */
export function GuideForm({ brands, ask, busy }: GuideFormProps) {
  const t = useT();
  const language = useLanguage();
  const problems = ask?.problems ?? {};
  const values = ask?.values;
  const formRef = useFirstErrorFocus(problems);
  const thisYear = new Date().getFullYear();
  return (
    <Form ref={formRef} method="get" action={PRICE_GUIDE_PATH} className={styles.form} aria-label={t('form.label')} noValidate>
      <SelectField
        name="brandId"
        label={t('form.brand')}
        placeholder={t('form.brandPlaceholder')}
        defaultValue={values?.brandId ?? ''}
        options={brands.map((brand) => ({ value: brand._id, label: brand.name }))}
        error={problems.brandId && t('form.brandProblem')}
      />
      <TextField
        name="name"
        label={t('form.name')}
        placeholder={t('form.namePlaceholder')}
        defaultValue={values?.name}
        autoComplete="off"
        error={problems.name && t('form.nameProblem')}
      />
      <SelectField
        name="condition"
        label={t('form.condition')}
        placeholder={t('form.conditionPlaceholder')}
        defaultValue={values?.condition ?? ''}
        options={CONDITIONS.map((value) => ({ value, label: conditionText(value) }))}
        error={problems.condition && t('form.conditionProblem')}
      />
      <TextField
        name="usedYear"
        label={t('form.year')}
        inputMode="numeric"
        placeholder={yearText(thisYear - 1, language)}
        defaultValue={values?.usedYear}
        error={problems.usedYear && t('form.yearProblem', { first: yearText(MIN_USED_YEAR, language), last: yearText(thisYear, language) })}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={busy}>
          {t('form.submit')}
        </Button>
      </div>
    </Form>
  );
}
