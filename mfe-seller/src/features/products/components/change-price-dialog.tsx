import { useState, type FormEvent } from 'react';
import { amountOf } from '@phonehaat/shared-api/digits';
import type { SellerListing } from '@phonehaat/shared-api';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, formatTaka, Modal, TextField, notify } from '@phonehaat/shared-ui';
import { changePrice } from '../api/change-price';
import { useT } from '../../../i18n';

/** My Product: a listing's asking price changed (its watchers hear of a lower one). */
export function ChangePriceDialog({ product, onClose, onSaved }: { product: SellerListing; onClose(): void; onSaved(resalePrice: number): void }) {
  const t = useT();
  const [value, setValue] = useState(String(product.resalePrice));
  const [problem, setProblem] = useState<string>();
  const saving = useAction(changePrice);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const price = amountOf(value) ?? Number.NaN;
    if (!Number.isInteger(price) || price <= 0) return setProblem(t('price.invalid'));
    if (price > product.originalPrice) return setProblem(t('price.aboveOriginal', { original: formatTaka(product.originalPrice) }));
    try {
      const saved = await saving.run(product._id, price);
      onSaved(saved.resalePrice);
      notify.success(t('price.saved'));
      onClose();
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('price.failed'));
    }
  };

  return (
    <Modal open onClose={onClose} title={t('price.title', { name: product.name })}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('price.label')}
          inputMode="numeric"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          hint={t('price.hint', { original: formatTaka(product.originalPrice) })}
          error={problem}
        />
        <p>
          <Button variant="secondary" onClick={onClose}>
            {t('price.cancel')}
          </Button>{' '}
          <Button type="submit" loading={saving.busy}>
            {t('price.save')}
          </Button>
        </p>
      </form>
    </Modal>
  );
}
