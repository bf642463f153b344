import { useEffect } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import type { Offer, StreamEvent } from '@phonehaat/shared-api';
import { loadLive, paths } from '@phonehaat/shared-auth';
import { settle, useApi, type ApiState } from '@phonehaat/shared-data';
import { buttonClass, Container, EmptyState, ErrorState, ItemList, PageHeader, PageSpinner } from '@phonehaat/shared-ui';
import { getOffers } from '../features/offers/api/offers';
import { OfferCard } from '../features/offers/components/offer-card';
import { useT } from '../features/offers/i18n';

/** Runs before the page shows: the person's offers. */
export async function loader(): Promise<ApiState<Offer[]>> {
  return settle(getOffers());
}

/** `/dashboard/offers` (issue 47): offers on the person's phones and their own offers, each answerable in its turn. */
export default function OffersPage() {
  const t = useT();
  const settled = useLoaderData() as ApiState<Offer[]> | undefined;
  const offers = useApi(getOffers, [], settled);

  // Live: a step the other side took (its notification) brings the list up to date, without a spinner.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const onEvent = (event: StreamEvent) => {
      if (event.type !== 'notification' || event.notification.kind !== 'offer') return;
      void getOffers().then((fresh) => offers.setData(() => fresh), () => undefined);
    };
    void loadLive().then(({ subscribe }) => {
      if (!cancelled) stop = subscribe(onEvent);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const replace = (changed: Offer) => offers.setData((current) => current.map((offer) => (offer._id === changed._id ? changed : offer)));
  const list = (side: Offer['yourSide'], heading: string) => {
    const mine = (offers.data ?? []).filter((offer) => offer.yourSide === side);
    return mine.length === 0 ? null : (
      <section aria-labelledby={`offers-${side}`}>
        <h2 id={`offers-${side}`}>{heading}</h2>
        <ItemList label={heading}>
          {mine.map((offer) => (
            <OfferCard key={offer._id} offer={offer} onChange={replace} />
          ))}
        </ItemList>
      </section>
    );
  };

  return (
    <Container as="section">
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      {offers.status === 'loading' ? (
        <PageSpinner label={t('page.loading')} />
      ) : offers.status === 'error' ? (
        <ErrorState message={t('page.failed')} onRetry={offers.reload} />
      ) : offers.data.length === 0 ? (
        <EmptyState
          headingLevel={2}
          title={t('empty.title')}
          message={t('empty.message')}
          action={
            <Link className={buttonClass('primary', 'md')} to={paths.search()}>
              {t('empty.action')}
            </Link>
          }
        />
      ) : (
        <>
          {list('seller', t('list.received'))}
          {list('buyer', t('list.made'))}
        </>
      )}
    </Container>
  );
}
