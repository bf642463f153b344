import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Product } from '@phonehaat/shared-api';
import { ApiRequestError, paths, useRole, useSession } from '@phonehaat/shared-auth';
import { Button, Modal, Price, TextField, notify } from '@phonehaat/shared-ui';
import { createBooking } from '../api/create-booking';
import form from '../../forms/dialog-form.module.css';
import styles from './booking-modal.module.css';

interface BookingModalProps {
  product: Pick<Product, '_id' | 'name' | 'resalePrice'>;
  onClose(): void;
}

/** Book Now: the buyer's name and email and the item and price are shown, not typed; the server takes them from its records. */
export function BookingModal({ product, onClose }: BookingModalProps) {
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
      onClose();
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
    <Modal open onClose={onClose} title={`Book ${product.name}`}>
      <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField label="Your name" value={user?.name ?? ''} readOnly />
        <TextField label="Your email" type="email" value={user?.email ?? ''} readOnly />
        <TextField label="Item" value={product.name} readOnly />
        <div className={styles.price}>
          <span className={styles.priceLabel}>Price</span>
          <Price amount={product.resalePrice} size="lg" />
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
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!canBook || busy}>
            Submit booking
          </Button>
        </div>
      </form>
    </Modal>
  );
}
