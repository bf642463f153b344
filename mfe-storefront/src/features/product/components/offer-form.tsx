import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { amountOf } from '@phonehaat/shared-api/digits';
import type { Offer, PriceGuide, ProductDetail } from '@phonehaat/shared-api';
import { paths, PhoneGate, useSession } from '@phonehaat/shared-auth';
import { ApiRequestError, CacheBoundary, useAction, useApiQuery } from '@phonehaat/shared-data';
import { Button, formatTaka, Outcome, Price, TextAreaField, TextField } from '@phonehaat/shared-ui';
import { createOffer, myOffersOn } from '../api/offers';
import { useT } from '../i18n';
import { OFFER_ANCHOR } from './offer-anchor';
import styles from './offer-form.module.css';

/** Within this much of the guide's typical price, an amount is "about what most sold for". */
const ABOUT = 0.02;
const live = (offer: Offer) => offer.status === 'open' || offer.status === 'accepted';

/**
 * "Make an offer" on a phone open to offers (issue 47): an amount (Bangla digits too) and a note, shown against the
 * asking price and the price guide's figure for this model, condition and year as it is typed. A buyer with a live
 * offer on it sees where that stands instead; an accepted one is told to the page (`onAccepted`), which reads the phone
 * again if it did not know (its Book Now then books at the agreed price).
 */
export function OfferForm(props: OfferProps) {
  const t = useT();
  const signedIn = useSession((s) => s.status === 'signed-in');
  return (
    <section id={OFFER_ANCHOR} className={styles.offer} aria-labelledby="offer-heading" data-testid="offer">
      <h2 id="offer-heading" className={styles.heading}>
        {t('offer.title')}
      </h2>
      {/* A visitor has no offers to read (and pays nothing for the cache's code): the form leads to signing in. */}
      {signedIn ? (
        <CacheBoundary fallback={<OfferPart {...props} mine={undefined} />}>
          <BuyersOffers {...props} />
        </CacheBoundary>
      ) : (
        <OfferPart {...props} mine={[]} />
      )}
    </section>
  );
}

interface OfferProps {
  product: ProductDetail;
  guide: PriceGuide | null;
  onAccepted(): void;
}

/** The buyer's own offers on this phone, the latest first, through the cache (a new one sent reads them again). */
function BuyersOffers(props: OfferProps) {
  const mine = useApiQuery('listOffers', myOffersOn(props.product._id));
  return <OfferPart {...props} mine={mine.data} />;
}

function OfferPart({ product, guide, onAccepted, mine }: OfferProps & { mine: Offer[] | undefined }) {
  const t = useT();
  const [sent, setSent] = useState<Offer>();
  const current = sent ?? mine?.find(live);
  // An accepted offer is the price Book Now books at: the page reads it from the server (ProductDetail.keptFor).
  const accepted = current?.status === 'accepted';
  useEffect(() => {
    if (accepted) onAccepted();
    // Once, when it becomes accepted (the page's handler is made afresh each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accepted]);
  // Sent just now, the form collapses into where the offer stands: said where the person is looking (issue 65).
  if (current && live(current)) return <OfferStanding offer={current} reveal={sent !== undefined} />;
  return (
    <PhoneGate purpose="offer" optimistic>
      {sent?.status === 'declined' && <Outcome className={styles.declined}>{t('offer.declinedAtOnce')}</Outcome>}
      <OfferFields product={product} guide={guide} onSent={setSent} />
    </PhoneGate>
  );
}

function OfferStanding({ offer, reveal }: { offer: Offer; reveal: boolean }) {
  const t = useT();
  const amount = formatTaka(offer.amount);
  return (
    <Outcome className={styles.standing} reveal={reveal}>
      {offer.status === 'accepted' ? t('offer.accepted', { amount }) : offer.turn === 'buyer' ? t('offer.countered', { amount }) : t('offer.waiting', { amount })}{' '}
      <Link to={paths.offers}>{t('offer.seeOffers')}</Link>
    </Outcome>
  );
}

function OfferFields({ product, guide, onSent }: { product: ProductDetail; guide: PriceGuide | null; onSent(offer: Offer): void }) {
  const t = useT();
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const sending = useAction(createOffer, { invalidates: ['listOffers'] });
  const arrived = useLocation().hash === `#${OFFER_ANCHOR}`;
  const amount = amountOf(value);
  const valid = amount !== undefined && Number.isInteger(amount) && amount > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return setProblem(t('offer.invalid'));
    if (amount > product.resalePrice) return setProblem(t('offer.aboveAsking', { amount: formatTaka(product.resalePrice) }));
    setProblem(undefined);
    try {
      onSent(await sending.run({ productId: product._id, amount, note: note.trim() }));
      setValue('');
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('offer.failed'));
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <p className={styles.asking}>
        {t('offer.asking')} <Price amount={product.resalePrice} />
      </p>
      {/* Arrived at by its address (a visitor's "Make an offer", back from signing in): the amount is ready to type. */}
      <TextField
        label={t('offer.amount')}
        name="amount"
        inputMode="numeric"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={problem}
        autoFocus={arrived}
      />
      {valid && <Guidance amount={amount} asking={product.resalePrice} guide={guide} />}
      <TextAreaField label={t('offer.note')} name="note" rows={2} maxLength={300} value={note} onChange={(event) => setNote(event.target.value)} />
      <p className={styles.hint}>{t('offer.hint')}</p>
      <Button type="submit" loading={sending.busy}>
        {t('offer.send')}
      </Button>
    </form>
  );
}

/** Where a typed amount sits: against the asking price, and against what most phones like it sold for. */
function Guidance({ amount, asking, guide }: { amount: number; asking: number; guide: PriceGuide | null }) {
  const t = useT();
  const below = asking - amount;
  const median = guide?.median ?? null;
  const difference = median === null ? 0 : amount - median;
  const verb = guide?.source === 'sales' ? 'Sold' : 'Listed';
  return (
    <div className={styles.guidance} aria-live="polite" data-testid="offer-guidance">
      {below > 0 && <p>{t('offer.belowAsking', { amount: formatTaka(below) })}</p>}
      {median !== null && guide?.low != null && guide.high != null && (
        <p>
          {Math.abs(difference) <= median * ABOUT
            ? t(`offer.about${verb}`)
            : difference < 0
              ? t(`offer.below${verb}`, { amount: formatTaka(-difference) })
              : t(`offer.above${verb}`, { amount: formatTaka(difference) })}{' '}
          {t(`offer.band${verb}`, { low: formatTaka(guide.low), high: formatTaka(guide.high) })}
        </p>
      )}
    </div>
  );
}
