import { createContext, useContext, type ReactNode } from 'react';
import type { PhoneStatus } from '@phonehaat/shared-api';
import { ErrorState, Skeleton } from '@phonehaat/shared-ui';
import { api } from '@phonehaat/shared-data';
import { useT } from './i18n';
import { useSession } from './session-store';
import { useApi, type ApiState } from '@phonehaat/shared-data';
import { VerifyPhone } from './phone-parts';

/** What the person was about to do: the gate says why it asks. */
export type PhoneGatePurpose = 'list' | 'book' | 'message' | 'payout' | 'offer';

const noNumber = () => Promise.resolve(null);

/** The number the gate found verified, for what it lets through (a booking shows it rather than asking again, issue 65). */
const VerifiedNumber = createContext<string | null>(null);
/** The person's verified number (01XXXXXXXXX), inside a PhoneGate that found one; null elsewhere or while it is asked. */
export const useVerifiedNumber = () => useContext(VerifiedNumber);

/**
 * Listing a phone, booking one and opening a conversation need a verified phone number (issue 46; the API refuses them
 * without one). A signed-in person without one is asked for it here, in place of what they were about to do, which then
 * shows as it was: they carry on where they were. Asks only while `active` (a closed dialog asks nothing), and never for
 * a visitor (what is gated asks them to sign in). `settled`: the page's loader asked already (a page composed on the
 * server then arrives as the form, or as the question, not as a placeholder). `optimistic`: while the answer is awaited,
 * what is gated stays (a form someone is already typing in is never taken away from a person whose number is
 * verified); it gives way to the question only if the answer is no.
 */
export function PhoneGate({
  purpose,
  active = true,
  settled,
  optimistic = false,
  children,
}: {
  purpose: PhoneGatePurpose;
  active?: boolean;
  settled?: ApiState<PhoneStatus>;
  optimistic?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const signedIn = useSession((s) => s.status === 'signed-in');
  const asking = active && signedIn;
  const phone = useApi<PhoneStatus | null>(asking ? () => api.getMyPhone() : noNumber, [asking], asking ? settled : undefined);
  // What is gated always sits in the same place in the tree (inside the number's provider), so an answer that arrives
  // while someone types never remounts their form.
  const gated = <VerifiedNumber.Provider value={phone.data?.verifiedAt ? phone.data.phone : null}>{children}</VerifiedNumber.Provider>;
  if (!asking) return gated;
  if (phone.status === 'error') return <ErrorState message={phone.error.message} onRetry={phone.reload} />;
  // Null: the answer from before it was asked, until the new question is under way.
  if (phone.status === 'loading' || !phone.data) return optimistic ? gated : <Skeleton height={96} />;
  if (phone.data.verifiedAt) return gated;
  return (
    <section aria-labelledby="phone-gate" data-testid="phone-gate">
      <h2 id="phone-gate">{t('phone.gate.title')}</h2>
      <p>{t(`phone.gate.${purpose}`)}</p>
      <VerifyPhone status={phone.data} onVerified={(next) => phone.setData(() => next)} />
    </section>
  );
}
