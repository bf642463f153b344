import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Product } from '@phonehaat/shared-api';
import { ApiRequestError, paths, useRole, useSession } from '@phonehaat/shared-auth';
import { Button, closeDialog, dialogCommand, NativeDialog, Price, TextField, notify } from '@phonehaat/shared-ui';
import { createBooking } from '../api/create-booking';
import form from '../../forms/dialog-form.module.css';
import styles from './booking-dialog.module.css';

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
  const [round, setRound] = useState(0);
  return (
    <NativeDialog
      id={BOOKING_DIALOG}
      title={product ? `Book ${product.name}` : 'Book this phone'}
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
  const user = useSession((s) => s.user);
  const { can, loading } = useRole();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [meetingLocation, setMeetingLocation] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; meetingLocation?: string }>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const canBook = can('create:booking');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!product) return;
    const next = {
      phone: phone.trim() ? undefined : 'Phone number is required',
      meetingLocation: meetingLocation.trim() ? undefined : 'Meeting location is required',
    };
    setErrors(next);
    if (next.phone || next.meetingLocation) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await createBooking({ id: product._id, phone: phone.trim(), meetingLocation: meetingLocation.trim() });
      notify.success('Successfully Booked');
      closeDialog(BOOKING_DIALOG);
      navigate(paths.myOrders);
    } catch (error) {
      const apiError = error instanceof ApiRequestError ? error : undefined;
      if (apiError?.fields.length) {
        setErrors({ phone: apiError.fieldError('phone'), meetingLocation: apiError.fieldError('meetingLocation') });
      }
      // 409: sold, your own phone, or already booked — the server says which.
      setProblem(apiError?.message ?? 'Booking failed. Please try again.');
      notify.error(apiError?.status === 409 ? apiError.message : 'Booking failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField label="Your name" value={user?.name ?? ''} readOnly />
      <TextField label="Your email" type="email" value={user?.email ?? ''} readOnly />
      <TextField label="Item" value={product?.name ?? ''} readOnly />
      <div className={styles.price}>
        <span className={styles.priceLabel}>Price</span>
        {product ? <Price amount={product.resalePrice} size="lg" /> : <span aria-hidden="true">…</span>}
      </div>
      <TextField
        label="Phone number"
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
        label="Meeting location"
        name="meetingLocation"
        placeholder="e.g. Bashundhara City, Dhaka"
        value={meetingLocation}
        onChange={(e) => setMeetingLocation(e.target.value)}
        error={errors.meetingLocation}
      />
      {!loading && !canBook && <p className={styles.note}>Only buyer accounts can book phones. Sign in with a buyer account to book.</p>}
      {problem && (
        <p className={form.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={form.actions}>
        <Button variant="secondary" {...dialogCommand(BOOKING_DIALOG, 'close')}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} disabled={!product || !canBook || busy}>
          Submit booking
        </Button>
      </div>
    </form>
  );
}
