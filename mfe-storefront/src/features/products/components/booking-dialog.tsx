import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DeliveryAddress, DeliveryQuote } from '@phonehaat/shared-api';
import { paths, PhoneGate, useRole, useSession, useVerifiedNumber } from '@phonehaat/shared-auth';
import { ApiRequestError, CacheBoundary, useAction, useApiQuery } from '@phonehaat/shared-data';
import { Button, checkAddress, closeDialog, dialogCommand, emptyAddress, formatPhoneNumber, NativeDialog, notify, Price, TextField, useFirstErrorFocus, type AddressDraft, type AddressField } from '@phonehaat/shared-ui';
import { createBooking } from '../api/create-booking';
import { CourierFields, TravelChoice, type Payment, type Travel } from './delivery-choice';
import form from '../../../components/dialog-form.module.css';
import styles from './booking-dialog.module.css';
import { useT } from '../i18n';
import { BOOKING_DIALOG, bookableAt, type Bookable } from './book-now';

interface BookingDialogProps {
  /** The phone whose Book Now was tapped; none yet while the app starts (the form then waits for it). */
  product: Bookable | undefined;
  onClose(): void;
}

/** Book Now's dialog, on the page from the start, closed: the form for the phone chosen, afresh each time it opens. */
export function BookingDialog({ product, onClose }: BookingDialogProps) {
  const t = useT();
  const [round, setRound] = useState(0);
  return (
    <NativeDialog
      id={BOOKING_DIALOG}
      title={product ? t('book.title', { name: product.name }) : t('book.titleWaiting')}
      onClose={() => {
        setRound((n) => n + 1);
        onClose();
      }}
    >
      <BookingForm key={round} product={product} />
    </NativeDialog>
  );
}

/** What is wrong, by field: the booking's own, and the delivery address's apart (both have a phone). */
type Problems = Partial<Record<'phone' | 'meetingLocation' | 'payment', string>> & { address?: Partial<Record<AddressField, string>> };

/**
 * The buyer's name and email and the item and price are shown, not typed; the server takes them from its records. The
 * phone travels by meeting the seller, or by courier to an address, paid online or in cash at the door (issue 45).
 */
function BookingForm({ product }: { product: Bookable | undefined }) {
  const t = useT();
  const user = useSession((s) => s.user);
  const { can, loading } = useRole();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [meetingLocation, setMeetingLocation] = useState('');
  const [travel, setTravel] = useState<Travel>('meet');
  const [address, setAddress] = useState<AddressDraft>({ ...emptyAddress, name: user?.name ?? '' });
  const [payment, setPayment] = useState<Payment>();
  const [quote, setQuote] = useState<DeliveryQuote>();
  const [errors, setErrors] = useState<Problems>({});
  const [paymentProblem, setPaymentProblem] = useState<string>();
  const formRef = useFirstErrorFocus(errors);
  const [problem, setProblem] = useState<string>();
  const booking = useAction(createBooking);
  const canBook = can('create:booking');

  /** What is wrong before anything is sent, each field named; the courier's address is checked with the contract. */
  const check = async (): Promise<{ problems: Problems; courier?: { address: DeliveryAddress; payment: Payment } }> => {
    const problems: Problems = { phone: phone.trim() ? undefined : t('book.phoneRequired') };
    if (travel === 'meet') return { problems: { ...problems, meetingLocation: meetingLocation.trim() ? undefined : t('book.locationRequired') } };
    const checked = await checkAddress(address);
    if (checked.problems) problems.address = checked.problems;
    if (checked.address && quote && !payment) problems.payment = t('book.paymentRequired');
    return { problems, courier: checked.address && payment ? { address: checked.address, payment } : undefined };
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!product) return;
    const { problems, courier } = await check();
    setErrors(problems);
    setPaymentProblem(problems.payment);
    if (problems.phone || problems.meetingLocation || problems.payment || problems.address) return;
    if (travel === 'courier' && (!courier || !quote)) return setProblem(t('book.noQuote'));
    setProblem(undefined);
    try {
      await booking.run(travel === 'meet' ? { id: product._id, phone: phone.trim(), meetingLocation: meetingLocation.trim() } : { id: product._id, phone: phone.trim(), courier });
      const feeFirst = courier?.payment === 'cash' && quote?.cashOnDelivery.feeFirst;
      notify.success(t(travel === 'courier' && courier?.payment === 'online' ? 'book.doneOnline' : feeFirst ? 'book.doneFeeFirst' : 'book.done'));
      closeDialog(BOOKING_DIALOG);
      navigate(paths.myOrders);
    } catch (error) {
      const apiError = error instanceof ApiRequestError ? error : undefined;
      if (apiError?.fields.length) {
        // The address's fields come back as courier.address.<field>.
        const address = apiError.fields.filter((field) => field.field.startsWith('courier.address.'));
        setErrors({
          phone: apiError.fieldError('phone'),
          meetingLocation: apiError.fieldError('meetingLocation'),
          payment: apiError.fieldError('courier.payment'),
          ...(address.length ? { address: Object.fromEntries(address.map((field) => [field.field.slice('courier.address.'.length), field.message])) } : {}),
        });
        setPaymentProblem(apiError.fieldError('courier.payment'));
      }
      // 409: sold, your own phone, or already booked — the server says which.
      setProblem(apiError?.message ?? t('book.failed'));
      notify.error(apiError?.status === 409 ? apiError.message : t('book.failedShort'));
    }
  };

  // A buyer without a verified number verifies it here first, then books (issue 46). Asked when Book Now is tapped;
  // the form stays while the answer comes, so what a verified buyer types at once is kept.
  return (
    <PhoneGate purpose="book" active={Boolean(product) && canBook} optimistic>
    <form ref={formRef} className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <VerifiedNumberFill
        onNumber={(number) => {
          // The number is asked once (issue 65): the verified one fills both boxes, each still changeable.
          setPhone((typed) => typed || number);
          setAddress((typed) => (typed.phone ? typed : { ...typed, phone: number }));
        }}
      />
      <TextField label={t('book.name')} value={user?.name ?? ''} readOnly />
      {user?.email && <TextField label={t('book.email')} type="email" value={user.email} readOnly />}
      <TextField label={t('book.item')} value={product?.name ?? ''} readOnly />
      <CacheBoundary fallback={<BookingPrice />}>{product && <BuyersPrice product={product} />}</CacheBoundary>
      <TextField
        label={t('book.phone')}
        type="tel"
        name="phone"
        autoComplete="tel"
        inputMode="tel"
        placeholder="01XXX-XXXXXX"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        error={errors.phone}
      />
      <TravelChoice value={travel} onChange={setTravel} courier={product?.courier ?? true} />
      {travel === 'meet' ? (
        <TextField
          label={t('book.location')}
          name="meetingLocation"
          placeholder={t('book.locationPlaceholder')}
          value={meetingLocation}
          onChange={(e) => setMeetingLocation(e.target.value)}
          error={errors.meetingLocation}
        />
      ) : (
        product && (
          <CourierFields productId={product._id} address={address} onAddress={setAddress} problems={errors.address ?? {}} paymentProblem={paymentProblem} payment={payment} onPayment={(chosen) => {
              setPayment(chosen);
              // Chosen: its problem goes (the others stay, and the focus stays where the person is).
              setPaymentProblem(undefined);
            }} onQuote={setQuote} />
        )
      )}
      {!loading && !canBook && <p className={styles.note}>{t('book.buyersOnly')}</p>}
      {problem && (
        <p className={form.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={form.actions}>
        <Button variant="secondary" {...dialogCommand(BOOKING_DIALOG, 'close')}>
          {t('book.cancel')}
        </Button>
        <Button type="submit" loading={booking.busy} disabled={!product || !canBook || booking.busy}>
          {t('book.submit')}
        </Button>
      </div>
    </form>
    </PhoneGate>
  );
}

/** The price as the form shows it: the agreed one said as agreed, or "…" while it is not known. */
function BookingPrice({ priced }: { priced?: Bookable }) {
  const t = useT();
  return (
    <div className={styles.price} data-testid="booking-price">
      <span className={styles.priceLabel}>{t(priced?.agreed ? 'book.agreedPrice' : 'book.price')}</span>
      {priced ? <Price amount={priced.resalePrice} size="lg" /> : <span aria-hidden="true">…</span>}
    </div>
  );
}

/**
 * The price the server says is this buyer's (issue 65): an agreed one while the phone is kept for them. A phone's page
 * knows it (its `keptFor`); a card does not, so its phone is read through the cache (the phone's page read it already).
 */
function BuyersPrice({ product }: { product: Bookable }) {
  const known = product.agreed !== undefined;
  const read = useApiQuery('getProduct', { params: { id: product._id } }, { enabled: !known });
  return <BookingPrice priced={known ? product : read.data && bookableAt(product, read.data.keptFor)} />;
}

/** Hands the form the person's verified number, once it is known (inside the PhoneGate that found it). */
function VerifiedNumberFill({ onNumber }: { onNumber(number: string): void }) {
  const number = useVerifiedNumber();
  useEffect(() => {
    if (number) onNumber(formatPhoneNumber(number));
    // Once per number found (the handler is made afresh each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [number]);
  return null;
}
