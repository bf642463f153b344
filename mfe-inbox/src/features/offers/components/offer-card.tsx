import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { amountOf } from '@phonehaat/shared-api/digits';
import { MAX_OFFER_ROUNDS, type Offer, type OfferAnswerBody } from '@phonehaat/shared-api';
import { paths } from '@phonehaat/shared-auth';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, buttonClass, formatDate, formatNumber, formatTaka, ItemRow, notify, TextField, UserText } from '@phonehaat/shared-ui';
import { answerOffer } from '../api/offers';
import { useT } from '../i18n';
import styles from './offer-card.module.css';

const when = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

/** One negotiation: the phone, what was said in order, where it stands, and the answers the reader may give now. */
export function OfferCard({ offer, onChange }: { offer: Offer; onChange(offer: Offer): void }) {
  const t = useT();
  const amount = formatTaka(offer.amount);
  const mine = offer.status === 'open' && offer.turn === offer.yourSide;
  const other = offer.yourSide === 'buyer' ? t.rich('offer.seller', { name: <UserText>{offer.sellerName}</UserText> }) : t.rich('offer.buyer', { name: <UserText>{offer.buyerName}</UserText> });
  return (
    <ItemRow img={offer.img} title={offer.productName} testId="offer" actions={<Answers offer={offer} onChange={onChange} />}>
      <p className={styles.line}>
        {t('offer.asking', { amount: formatTaka(offer.askingPrice) })} · {other}
      </p>
      <p className={styles.state} role="status">
        {offer.status === 'open' ? (
          <>
            <strong>{t('offer.onTable', { amount })}</strong> · {t('offer.round', { round: formatNumber(offer.round) })}{' '}
            {t(mine ? 'status.yourTurn' : 'status.theirTurn', { time: when(offer.expiresAt) })}
          </>
        ) : offer.status === 'accepted' ? (
          <>
            <strong>{t('status.accepted', { amount })}</strong>{' '}
            {offer.reservedUntil && t(offer.yourSide === 'buyer' ? 'status.keptForYou' : 'status.keptForThem', { time: when(offer.reservedUntil) })}
          </>
        ) : (
          t(`status.${offer.status}`)
        )}
      </p>
      <ol className={styles.steps} aria-label={t('steps.label')}>
        {offer.steps.map((step, i) => (
          <li key={i}>
            <span className={styles.by}>{t(`by.${step.by}`)}</span> {t(`step.${step.action}`, { amount: formatTaka(step.amount ?? offer.amount) })}
            {step.note && (
              <>
                {': '}
                <UserText>{step.note}</UserText>
              </>
            )}
          </li>
        ))}
      </ol>
    </ItemRow>
  );
}

/** Accept, decline or counter in one's turn; withdraw one's own offer while it waits; book an accepted one. */
function Answers({ offer, onChange }: { offer: Offer; onChange(offer: Offer): void }) {
  const t = useT();
  const [counter, setCounter] = useState('');
  const [problem, setProblem] = useState<string>();
  const answering = useAction(answerOffer);
  if (offer.status === 'accepted' && offer.yourSide === 'buyer' && offer.reservedUntil) {
    return (
      <Link className={buttonClass('primary', 'sm')} to={paths.product(offer.productId)}>
        {t('action.book', { amount: formatTaka(offer.amount) })}
      </Link>
    );
  }
  if (offer.status !== 'open') return null;

  const send = async (body: OfferAnswerBody, done: Parameters<typeof t>[0]) => {
    setProblem(undefined);
    try {
      onChange(await answering.run(offer._id, body));
      notify.success(t(done));
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('failed'));
    }
  };
  if (offer.turn !== offer.yourSide) {
    return offer.yourSide === 'buyer' ? (
      <Button variant="secondary" size="sm" loading={answering.busy} onClick={() => void send({ action: 'decline' }, 'done.declined')}>
        {t('action.withdraw')}
      </Button>
    ) : null;
  }
  const lastRound = offer.round >= MAX_OFFER_ROUNDS;
  const onCounter = (event: FormEvent) => {
    event.preventDefault();
    const value = amountOf(counter) ?? Number.NaN;
    if (!Number.isInteger(value) || value <= 0) return setProblem(t('counter.invalid'));
    void send({ action: 'counter', amount: value }, 'done.countered');
  };
  return (
    <div className={styles.answers}>
      <Button size="sm" loading={answering.busy} onClick={() => void send({ action: 'accept' }, offer.yourSide === 'buyer' ? 'done.acceptedBuyer' : 'done.accepted')}>
        {t('action.accept', { amount: formatTaka(offer.amount) })}
      </Button>
      <Button variant="secondary" size="sm" disabled={answering.busy} onClick={() => void send({ action: 'decline' }, 'done.declined')}>
        {t('action.decline')}
      </Button>
      {lastRound ? (
        <p className={styles.hint}>{t('counter.lastRound')}</p>
      ) : (
        <form className={styles.counter} onSubmit={onCounter} noValidate>
          <TextField label={t('counter.label')} inputMode="numeric" value={counter} onChange={(event) => setCounter(event.target.value)} />
          <Button type="submit" variant="secondary" size="sm" disabled={answering.busy}>
            {t('counter.send')}
          </Button>
        </form>
      )}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
