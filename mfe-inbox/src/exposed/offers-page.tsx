import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { Offer, StreamEvent } from '@phonehaat/shared-api';
import { paths } from '@phonehaat/shared-auth';
import { invalidateReads, loadLive, prefetchApi, QueryView, updateRead, useApiQuery } from '@phonehaat/shared-data';
import { buttonClass, Container, ItemList, PageHeader, PageSpinner } from '@phonehaat/shared-ui';
import { OFFERS } from '../features/offers/api/offers';
import { OfferCard } from '../features/offers/components/offer-card';
import { useT } from '../features/offers/i18n';

/** Runs before the page shows: the person's offers, into the cache. */
export async function loader() {
  await prefetchApi('listOffers', OFFERS);
  return null;
}

/** `/dashboard/offers` (issue 47): offers on the person's phones and their own offers, each answerable in its turn. */
export default function OffersPage() {
  const t = useT();
  const offers = useApiQuery('listOffers', OFFERS);

  // Live: a step the other side took (its notification) reads the list again, without a spinner.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const onEvent = (event: StreamEvent) => {
      if (event.type !== 'notification' || event.notification.kind !== 'offer') return;
      invalidateReads('listOffers');
    };
    void loadLive().then(({ subscribe }) => {
      if (!cancelled) stop = subscribe(onEvent);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  const replace = (changed: Offer) => updateRead('listOffers', OFFERS, (current) => current.map((offer) => (offer._id === changed._id ? changed : offer)));
  const list = (all: Offer[], side: Offer['yourSide'], heading: string) => {
    const mine = all.filter((offer) => offer.yourSide === side);
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
      <QueryView
        query={offers}
        loading={<PageSpinner label={t('page.loading')} />}
        failed={{ message: t('page.failed') }}
        isEmpty={(all) => all.length === 0}
        empty={{
          headingLevel: 2,
          title: t('empty.title'),
          message: t('empty.message'),
          action: (
            <Link className={buttonClass('primary', 'md')} to={paths.search()}>
              {t('empty.action')}
            </Link>
          ),
        }}
      >
        {(all) => (
          <>
            {list(all, 'seller', t('list.received'))}
            {list(all, 'buyer', t('list.made'))}
          </>
        )}
      </QueryView>
    </Container>
  );
}
