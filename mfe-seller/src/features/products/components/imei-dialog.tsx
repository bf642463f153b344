import { useState, type FormEvent } from 'react';
import type { SellerListing } from '@phonehaat/shared-api';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, Modal, notify, useLanguage } from '@phonehaat/shared-ui';
import { setImei } from '../api/set-imei';
import { loadProductSchema } from '../lib/product-schema';
import { ImeiField } from './imei-field';
import { useT } from '../../../i18n';

/** My Product: the IMEI of a phone listed without one (or corrected); it then carries "IMEI checked". */
export function ImeiDialog({ product, onClose, onSaved }: { product: SellerListing; onClose(): void; onSaved(imeiLast4: string): void }) {
  const t = useT();
  const language = useLanguage();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();
  const saving = useAction(setImei);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { imeiSchema, messageIn } = await loadProductSchema();
      const parsed = imeiSchema.safeParse({ imei: value });
      if (!parsed.success) {
        return setProblem(value.trim() ? messageIn(parsed.error.issues[0]!.message, language) : t('imei.required', { code: '*#06#' }));
      }
      const saved = await saving.run(product._id, parsed.data.imei);
      onSaved(saved.imeiLast4);
      notify.success(t('imei.saved'));
      onClose();
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('imei.failed'));
    }
  };

  return (
    <Modal open onClose={onClose} title={t('imei.title', { name: product.name })}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <ImeiField value={value} error={problem} onChange={setValue} />
        <p>
          <Button variant="secondary" onClick={onClose}>
            {t('price.cancel')}
          </Button>{' '}
          <Button type="submit" loading={saving.busy}>
            {t('imei.save')}
          </Button>
        </p>
      </form>
    </Modal>
  );
}
