import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router-dom';
import type { PaymentMethodId, WalletMethodId } from '@phonehaat/shared-api';
import { WALLET_METHODS } from '@phonehaat/shared-api/limits';
import { paths } from '@phonehaat/shared-auth';
import { ApiRequestError, ensureApi, fetchApi, prefetchApi, useApiQuery } from '@phonehaat/shared-data';
import { Card, EmptyState, PageHeader, Price, buttonClass, formatTaka, notify } from '@phonehaat/shared-ui';
import { completeWalletPayment } from '../features/payment/api/complete-wallet-payment';
import { MethodChooser } from '../features/payment/components/method-chooser';
import { WalletOutcome, type WalletReturn } from '../features/payment/components/wallet-outcome';
import { paymentMethods } from '../features/payment/methods';
import { takaDeliveryFeeOnline, takaDueOnline } from '@phonehaat/shared-api/due';
import styles from './payment-page.module.css';
import { useT } from '../i18n';

interface PaymentData {
  /** The booking's id, whose read the loader put in the cache; undefined: not the caller's, or no such booking. */
  bookingId: string | undefined;
  /** Back from a wallet's page (its callback's query), and the payment did not end paid. */
  returned?: WalletReturn;
  /** Back from a wallet's page and paid just now (the toast is shown once). */
  paidNow?: boolean;
}

const unknownBooking = (error: unknown) => error instanceof ApiRequestError && [400, 403, 404].includes(error.status);

/**
 * Runs before the page shows (the shell's route calls it). Back from a wallet (`?method=bkash&paymentID=…&status=…`),
 * it first has the server finish the payment, so the page shows how it ended. Someone else's booking is "not found".
 */
export async function loader({ params, request }: LoaderFunctionArgs): Promise<PaymentData> {
  const bookingId = params.id ?? '';
  const query = new URL(request.url).searchParams;
  const method: WalletMethodId | undefined = WALLET_METHODS.find((id) => id === query.get('method'));
  const paymentId = query.get('paymentID');
  let returned: WalletReturn | undefined;
  let paidNow = false;
  if (method && paymentId) {
    try {
      const result = await completeWalletPayment(method, { bookingId, paymentId, status: (query.get('status') ?? '') as 'success' });
      if (result.outcome === 'paid') paidNow = true;
      else returned = { method, result };
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      returned = { method, result: { outcome: 'error', message: error.message } };
    }
  }
  // Back from a wallet (or a recheck), the booking is read afresh: the payment may have changed it.
  const read = method && paymentId ? fetchApi : ensureApi;
  const [known] = await Promise.all([
    read('getBooking', { params: { id: bookingId } }).then(
      () => true,
      (error: unknown) => {
        if (unknownBooking(error)) return false;
        throw error;
      },
    ),
    prefetchApi('listPaymentMethods'),
  ]);
  return { bookingId: known ? bookingId : undefined, returned, paidNow };
}

function BackToOrders() {
  const t = useT();
  return (
    <Link className={buttonClass('secondary')} to={paths.myOrders}>
      {t('payment.back')}
    </Link>
  );
}
const backToOrders = <BackToOrders />;
/** While a wallet has not answered, the page asks again this often, this many times (the server's sweep goes on after). */
const RECHECK_MS = 3000;
const RECHECKS = 10;
/** The way this browser last paid: offered first next time (most buyers pay with the same wallet each time). */
const LAST_METHOD = 'phonehaat.lastPaymentMethod';
const DONE_ID = 'payment-done';
const lastMethod = (): string | null => {
  try {
    return window.localStorage.getItem(LAST_METHOD);
  } catch {
    return null;
  }
};
const rememberMethod = (method: PaymentMethodId) => {
  try {
    window.localStorage.setItem(LAST_METHOD, method);
  } catch {
    // Storage refused (private mode): the server's first method is offered next time.
  }
};

/** `/dashboard/payment/:id`: pay for one booking, by card or from a wallet (bKash). */
export default function PaymentPage() {
  const { bookingId, returned, paidNow } = useLoaderData() as PaymentData;
  const t = useT();
  const booking = useApiQuery('getBooking', { params: { id: bookingId ?? '' } }, { enabled: bookingId !== undefined }).data;
  // Without the list, the card still works.
  const offered = useApiQuery('listPaymentMethods');
  const methods = useMemo<PaymentMethodId[]>(() => offered.data ?? (offered.status === 'error' ? ['card'] : []), [offered.data, offered.status]);
  const [paidByCard, setPaidByCard] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethodId>(returned?.method ?? methods[0] ?? 'card');
  const revalidator = useRevalidator();
  const rechecks = useRef(0);
  const toasted = useRef(false);
  // After hydration (the server cannot know it): the way this browser last paid, unless back from a wallet's page.
  useEffect(() => {
    const last = lastMethod();
    if (!returned && methods.includes(last as PaymentMethodId)) setMethod(last as PaymentMethodId);
  }, [returned, methods]);

  useEffect(() => {
    if (paidNow && !toasted.current) {
      toasted.current = true;
      notify.success(t('checkout.done'));
    }
  }, [paidNow, t]);
  const pending = returned?.result.outcome === 'pending';
  useEffect(() => {
    if (!pending || rechecks.current >= RECHECKS || revalidator.state !== 'idle') return;
    const timer = setTimeout(() => {
      rechecks.current += 1;
      void revalidator.revalidate();
    }, RECHECK_MS);
    return () => clearTimeout(timer);
  }, [pending, revalidator, returned]);

  const paidMethod = booking?.paid ? (booking.paymentMethod ?? (paidByCard ? 'card' : undefined)) : paidByCard ? 'card' : undefined;
  useEffect(() => {
    if (!paidByCard && !paidNow) return;
    if (paidMethod && paidMethod !== 'cash') rememberMethod(paidMethod);
    // Paid just now: the answer is where the buyer looks, not under a toast below the fold.
    const done = document.getElementById(DONE_ID);
    done?.scrollIntoView?.({ block: 'center' });
    done?.focus();
  }, [paidByCard, paidNow, paidMethod]);

  if (!booking) return <EmptyState title={t('payment.notFoundTitle')} message={t('payment.notFound')} action={backToOrders} />;
  // Cash on delivery with the fee paid first: the fee is what was paid here, the phone is paid at the door.
  const feeFirst = Boolean(booking.delivery?.cashOnDelivery && booking.delivery.feeFirst);
  const transactionId = paidByCard ?? (booking.paid || (feeFirst && booking.delivery?.feePaid) ? booking.transactionId : null);
  const Method = paymentMethods[method];

  return (
    <section className={styles.page}>
      <PageHeader title={t('payment.title')} subtitle={t(feeFirst ? 'payment.subtitleFeeFirst' : booking.delivery ? 'payment.subtitleCourier' : 'payment.subtitle')} />
      <Card as="article" className={styles.summary}>
        <img className={styles.image} src={booking.img} alt="" width={120} height={90} />
        <div>
          <h2 className={styles.name} translate="no">
            {booking.name}
          </h2>
          <p className={styles.amount}>
            {t('payment.amount')} <Price amount={takaDueOnline(booking)} size="lg" />
          </p>
          {booking.delivery ? (
            <p className={styles.meta}>
              {feeFirst
                ? t('payment.feeFirst', { price: formatTaka(booking.resalePrice) })
                : takaDeliveryFeeOnline(booking) > 0
                  ? t('payment.courierFee', { price: formatTaka(booking.resalePrice), fee: formatTaka(takaDeliveryFeeOnline(booking)) })
                  : t('payment.courier')}
            </p>
          ) : (
            <p className={styles.meta}>
              {t('payment.meeting')} <span translate="no">{booking.meetingLocation}</span>
            </p>
          )}
        </div>
      </Card>
      {transactionId ? (
        <Card as="section" className={styles.done} aria-live="polite" id={DONE_ID} tabIndex={-1}>
          <h2 className={styles.doneTitle}>{t('payment.done')}</h2>
          <p>{t(feeFirst ? 'payment.feePaidNow' : booking.delivery ? 'payment.heldNowCourier' : 'payment.heldNow')}</p>
          <p>
            {t('payment.transaction')} <code data-testid="transaction-id">{transactionId}</code>
          </p>
          {booking.paymentMethod && booking.paymentMethod !== 'card' && <p className={styles.meta}>{t('payment.paidWith', { method: t(`method.${booking.paymentMethod}`) })}</p>}
          {backToOrders}
        </Card>
      ) : !booking.available ? (
        <>
          {returned && <WalletOutcome returned={returned} checking={false} onCheckAgain={() => undefined} />}
          <EmptyState title={t('payment.goneTitle')} message={t('payment.gone')} action={backToOrders} />
        </>
      ) : (
        <Card as="section" className={styles.checkout}>
          {returned && <WalletOutcome returned={returned} checking={revalidator.state !== 'idle'} onCheckAgain={() => void revalidator.revalidate()} />}
          {!pending && (
            <>
              {methods.length > 1 && <MethodChooser methods={methods} value={method} onChange={setMethod} />}
              <Method booking={booking} onPaid={setPaidByCard} />
            </>
          )}
        </Card>
      )}
    </section>
  );
}
