import { createContext, useContext, type ReactNode } from 'react';
import { CacheBoundary, QueryView, updateRead, useApiQuery } from '@phonehaat/shared-data';
import { Skeleton } from '@phonehaat/shared-ui';
import { useT } from './i18n';
import { useSession } from './session-store';
import { VerifyPhone } from './phone-parts';

/** What the person was about to do: the gate says why it asks. */
export type PhoneGatePurpose = 'list' | 'book' | 'message' | 'payout' | 'offer';

/** The number the gate found verified, for what it lets through (a booking shows it rather than asking again, issue 65). */
const VerifiedNumber = createContext<string | null>(null);
/** The person's verified number (01XXXXXXXXX), inside a PhoneGate that found one; null elsewhere or while it is asked. */
export const useVerifiedNumber = () => useContext(VerifiedNumber);

interface GateProps {
  purpose: PhoneGatePurpose;
  active?: boolean;
  optimistic?: boolean;
  children: ReactNode;
}

/**
 * Listing a phone, booking one and opening a conversation need a verified phone number (issue 46; the API refuses them
 * without one). A signed-in person without one is asked for it here, in place of what they were about to do, which then
 * shows as it was: they carry on where they were. Asks only while `active` (a closed dialog asks nothing), and never for
 * a visitor (what is gated asks them to sign in). The number is read through the cache (`getMyPhone`): a page's loader
 * that asked already means a page composed on the server arrives as the form, or as the question, not as a
 * placeholder. `optimistic`: while the answer is awaited, what is gated stays (a form someone is already typing in is
 * never taken away from a person whose number is verified); it gives way to the question only if the answer is no.
 */
export function PhoneGate({ children, ...props }: GateProps) {
  const signedIn = useSession((s) => s.status === 'signed-in');
  if (!signedIn) return <VerifiedNumber.Provider value={null}>{children}</VerifiedNumber.Provider>;
  // While the cache's code loads (the first read of a page): what is gated, where it may show before the answer.
  const waiting = props.optimistic || props.active === false ? <VerifiedNumber.Provider value={null}>{children}</VerifiedNumber.Provider> : <Skeleton height={96} />;
  return (
    <CacheBoundary fallback={waiting}>
      <AskingGate {...props}>{children}</AskingGate>
    </CacheBoundary>
  );
}

function AskingGate({ purpose, active = true, optimistic = false, children }: GateProps) {
  const t = useT();
  const phone = useApiQuery('getMyPhone', undefined, { enabled: active });
  // What is gated always sits in the same place in the tree (inside the number's provider), so an answer that arrives
  // while someone types never remounts their form.
  const gated = <VerifiedNumber.Provider value={phone.data?.verifiedAt ? phone.data.phone : null}>{children}</VerifiedNumber.Provider>;
  if (!active || phone.data?.verifiedAt) return gated;
  if (phone.data === undefined && phone.status !== 'error' && optimistic) return gated;
  return (
    <QueryView query={phone} loading={<Skeleton height={96} />}>
      {(status) => (
        <section aria-labelledby="phone-gate" data-testid="phone-gate">
          <h2 id="phone-gate">{t('phone.gate.title')}</h2>
          <p>{t(`phone.gate.${purpose}`)}</p>
          <VerifyPhone status={status} onVerified={(next) => updateRead('getMyPhone', undefined, () => next)} />
        </section>
      )}
    </QueryView>
  );
}
