import { useState, type FormEvent } from 'react';
import { amountOf } from '@phonehaat/shared-api/digits';
import type { OfferTerms, SellerListing } from '@phonehaat/shared-api';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, formatTaka, Modal, notify } from '@phonehaat/shared-ui';
import { setOfferTerms } from '../api/set-offer-terms';
import { OfferTermsFields } from './offer-terms-fields';
import { useT } from '../../../i18n';

/** My Product: a listing opened to offers (with the lowest price taken) or closed to them (open offers declined). */
export function OfferTermsDialog({ product, onClose, onSaved }: { product: SellerListing; onClose(): void; onSaved(terms: OfferTerms): void }) {
  const t = useT();
  const [open, setOpen] = useState(product.openToOffers);
  const [lowest, setLowest] = useState(product.lowestOffer === null ? '' : String(product.lowestOffer));
  const [problem, setProblem] = useState<string>();
  const saving = useAction(setOfferTerms);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lowestOffer = open && lowest.trim() ? (amountOf(lowest) ?? Number.NaN) : null;
    if (lowestOffer !== null && (!Number.isInteger(lowestOffer) || lowestOffer <= 0)) return setProblem(t('price.invalid'));
    if (lowestOffer !== null && lowestOffer > product.resalePrice) return setProblem(t('offers.aboveAsking', { amount: formatTaka(product.resalePrice) }));
    try {
      onSaved(await saving.run(product._id, { openToOffers: open, lowestOffer }));
      notify.success(t(open ? 'offers.saved' : 'offers.closed'));
      onClose();
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('offers.failed'));
    }
  };

  return (
    <Modal open onClose={onClose} title={t('offers.title', { name: product.name })}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <OfferTermsFields open={open} onOpen={setOpen} lowest={lowest} onLowest={setLowest} error={problem} />
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
