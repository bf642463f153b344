import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Product } from '@phonehaat/shared-api';
import { ApiRequestError, paths, useAction, useRole, useSession } from '@phonehaat/shared-auth';
import { Button, closeDialog, dialogCommand, NativeDialog, notify, Price, TextField, useFirstErrorFocus } from '@phonehaat/shared-ui';
import { createBooking } from '../api/create-booking';
import form from '../../../components/dialog-form.module.css';
import styles from './booking-dialog.module.css';
import { useT } from '../../../i18n';

type Bookable = Pick<Product, '_id' | 'name' | 'resalePrice'>;

/** The page's one booking dialog (every Book Now on the page opens it). */
const BOOKING_DIALOG = 'booking-dialog';

/**
 * Props for a Book Now button: the browser opens the booking dialog at the tap, before the app has started too (issue
 * 24); the click tells the page which phone (a tap before the app started is replayed once it has).
 */
export const bookNow = <P extends Bookable>(product: P, onBook: (product: P) => void) => dialogCommand(BOOKING_DIALOG, 'show-modal', () => onBook(product));

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

/** The buyer's name and email and the item and price are shown, not typed; the server takes them from its records. */
function BookingForm({ product }: { product: Bookable | undefined }) {
  const t = useT();
  const user = useSession((s) => s.user);
  const { can, loading } = useRole();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [meetingLocation, setMeetingLocation] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; meetingLocation?: string }>({});
  const formRef = useFirstErrorFocus(errors);
  const [problem, setProblem] = useState<string>();
  const booking = useAction(createBooking);
  const canBook = can('create:booking');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!product) return;
    const next = {
      phone: phone.trim() ? undefined : t('book.phoneRequired'),
      meetingLocation: meetingLocation.trim() ? undefined : t('book.locationRequired'),
    };
    setErrors(next);
    if (next.phone || next.meetingLocation) return;
    setProblem(undefined);
    try {
      await booking.run({ id: product._id, phone: phone.trim(), meetingLocation: meetingLocation.trim() });
      notify.success(t('book.done'));
      closeDialog(BOOKING_DIALOG);
      navigate(paths.myOrders);
    } catch (error) {
      const apiError = error instanceof ApiRequestError ? error : undefined;
      if (apiError?.fields.length) {
        setErrors({ phone: apiError.fieldError('phone'), meetingLocation: apiError.fieldError('meetingLocation') });
      }
      // 409: sold, your own phone, or already booked — the server says which.
      setProblem(apiError?.message ?? t('book.failed'));
      notify.error(apiError?.status === 409 ? apiError.message : t('book.failedShort'));
    }
  };

  return (
    <form ref={formRef} className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField label={t('book.name')} value={user?.name ?? ''} readOnly />
      <TextField label={t('book.email')} type="email" value={user?.email ?? ''} readOnly />
      <TextField label={t('book.item')} value={product?.name ?? ''} readOnly />
      <div className={styles.price}>
        <span className={styles.priceLabel}>{t('book.price')}</span>
        {product ? <Price amount={product.resalePrice} size="lg" /> : <span aria-hidden="true">…</span>}
      </div>
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
      <TextField
        label={t('book.location')}
        name="meetingLocation"
        placeholder={t('book.locationPlaceholder')}
        value={meetingLocation}
        onChange={(e) => setMeetingLocation(e.target.value)}
        error={errors.meetingLocation}
      />
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
  );
}
