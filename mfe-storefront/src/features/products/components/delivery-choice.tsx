import { useEffect, useState } from 'react';
import type { DeliveryQuote } from '@phonehaat/shared-api';
import { ApiRequestError } from '@phonehaat/shared-data';
import { AddressFields, Price, type AddressDraft, type AddressField } from '@phonehaat/shared-ui';
import { quoteDelivery } from '../api/quote-delivery';
import { useT } from '../i18n';
import styles from './booking-dialog.module.css';

export type Travel = 'meet' | 'courier';
export type Payment = 'online' | 'cash';

/**
 * How the phone reaches the buyer: meeting the seller (as before) or courier delivery to an address (issue 45); courier
 * only from a seller who keeps a pickup point (`courier`), said before anything is typed (issue 65).
 */
export function TravelChoice({ value, onChange, courier }: { value: Travel; onChange(travel: Travel): void; courier: boolean }) {
  const t = useT();
  return (
    <fieldset className={styles.choice}>
      <legend>{t('book.travel')}</legend>
      {(['meet', 'courier'] as const).map((travel) => {
        const offered = travel === 'meet' || courier;
        return (
          <label key={travel} className={offered ? styles.option : `${styles.option} ${styles.unavailable}`}>
            <input type="radio" name="travel" value={travel} checked={value === travel} disabled={!offered} onChange={() => onChange(travel)} />
            <span>
              <strong>{t(`book.travel.${travel}`)}</strong>
              <span className={styles.hint}>{t(offered ? `book.travel.${travel}Hint` : 'book.travel.courierNotOffered')}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

interface CourierFieldsProps {
  productId: string;
  address: AddressDraft;
  onAddress(address: AddressDraft): void;
  problems: Partial<Record<AddressField, string>>;
  paymentProblem: string | undefined;
  payment: Payment | undefined;
  onPayment(payment: Payment): void;
  /** The quote for the district chosen (undefined while none is), or why there is none. */
  onQuote(quote: DeliveryQuote | undefined): void;
}

/** The delivery address, the courier's fee as soon as a district is chosen (one total with the phone), and how to pay. */
export function CourierFields({ productId, address, onAddress, problems, paymentProblem, payment, onPayment, onQuote }: CourierFieldsProps) {
  const t = useT();
  const [quote, setQuote] = useState<DeliveryQuote>();
  const [problem, setProblem] = useState<string>();
  const district = address.district;

  useEffect(() => {
    setQuote(undefined);
    setProblem(undefined);
    onQuote(undefined);
    if (!district) return;
    let current = true;
    quoteDelivery(productId, district).then(
      (answer) => {
        if (!current) return;
        setQuote(answer);
        onQuote(answer);
        if (!answer.cashOnDelivery.allowed && payment === 'cash') onPayment('online');
      },
      (error: unknown) => current && setProblem(error instanceof ApiRequestError ? error.message : t('book.quoteFailed')),
    );
    return () => {
      current = false;
    };
    // The quote depends on the phone and the district only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId, district]);

  const cash = quote?.cashOnDelivery;
  return (
    <>
      <AddressFields value={address} onChange={onAddress} problems={problems} nameLabel={t('book.receiver')} />
      <div className={styles.quote} aria-live="polite" data-testid="delivery-quote">
        {!district && <p className={styles.note}>{t('book.quoteFirst')}</p>}
        {district && !quote && !problem && <p className={styles.note}>{t('book.quoting')}</p>}
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        {quote && (
          <dl className={styles.sum}>
            <dt>{t(quote.agreed ? 'book.agreedPrice' : 'book.price')}</dt>
            <dd>
              <Price amount={quote.price} />
            </dd>
            <dt>{t(quote.zone === 'inside-dhaka' ? 'book.feeInsideDhaka' : 'book.feeOutsideDhaka')}</dt>
            <dd>
              <Price amount={quote.deliveryFee} />
            </dd>
            <dt className={styles.total}>{t('book.total')}</dt>
            <dd className={styles.total}>
              <Price amount={quote.total} size="lg" />
            </dd>
          </dl>
        )}
      </div>
      {quote && (
        <fieldset className={styles.choice} aria-describedby={paymentProblem ? 'payment-problem' : undefined}>
          <legend>{t('book.payment')}</legend>
          <label className={styles.option}>
            <input type="radio" name="payment" value="online" checked={payment === 'online'} aria-invalid={paymentProblem ? true : undefined} onChange={() => onPayment('online')} />
            <span>
              <strong>{t('book.payment.online')}</strong>
              <span className={styles.hint}>{t('book.payment.onlineHint')}</span>
            </span>
          </label>
          <label className={styles.option}>
            <input type="radio" name="payment" value="cash" checked={payment === 'cash'} disabled={!cash?.allowed} aria-invalid={paymentProblem ? true : undefined} onChange={() => onPayment('cash')} />
            <span>
              <strong>{t('book.payment.cash')}</strong>
              <span className={styles.hint}>
                {cash?.reason === 'above-cap'
                  ? t('book.payment.aboveCap', { cap: cash.cap })
                  : cash?.reason === 'refused-before'
                    ? t('book.payment.refusedBefore', { fee: quote.deliveryFee, price: quote.price })
                    : t('book.payment.cashHint', { total: quote.total })}
              </span>
            </span>
          </label>
          {paymentProblem && (
            <p id="payment-problem" className={styles.problem}>
              {paymentProblem}
            </p>
          )}
        </fieldset>
      )}
    </>
  );
}
