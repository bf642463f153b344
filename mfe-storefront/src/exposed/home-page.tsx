import { prefetchApi, useApiQuery } from '@phonehaat/shared-data';
import { Container } from '@phonehaat/shared-ui';
import { AdvertisedItems } from '../features/home/components/advertised-items';
import { Banner } from '../features/home/components/banner';
import { CategoryCards } from '../features/home/components/category-cards';
import { advertisedQuery } from '../features/home/api/advertised-query';

/**
 * Both lists load before the page shows, into the cache, so it appears whole: no skeleton is swapped for content of
 * another height, which would push what is below (issue 13, layout shift). Each keeps its own failure and Retry.
 */
export async function loader() {
  await Promise.all([prefetchApi('listBrands'), prefetchApi('listAdvertised', { query: advertisedQuery }), prefetchApi('getFeeSchedule')]);
  return null;
}

/** `/`: the discount banner, the brands, and the advertised phones. */
export default function HomePage() {
  // The banner's figures; without them it promises no figure.
  const fees = useApiQuery('getFeeSchedule');
  return (
    <Container>
      <Banner fees={fees.data} />
      <CategoryCards />
      <AdvertisedItems />
    </Container>
  );
}
