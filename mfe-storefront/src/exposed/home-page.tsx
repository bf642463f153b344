import { useLoaderData } from 'react-router-dom';
import { settle, type ApiState } from '@phonehaat/shared-data';
import type { Brand, FeeSchedule, Product } from '@phonehaat/shared-api';
import { Container } from '@phonehaat/shared-ui';
import { AdvertisedItems } from '../features/home/components/advertised-items';
import { Banner } from '../features/home/components/banner';
import { CategoryCards } from '../features/home/components/category-cards';
import { getAdvertised } from '../features/home/api/get-advertised';
import { getCategories } from '../features/home/api/get-categories';
import { getFees } from '../features/home/api/get-fees';

export interface HomeData {
  categories: ApiState<Brand[]>;
  advertised: ApiState<Product[]>;
  /** The banner's figures; without them it promises no figure. */
  fees?: ApiState<FeeSchedule>;
}

/**
 * Both lists load before the page shows, so it appears whole: no skeleton is swapped for content of another
 * height, which would push what is below (issue 13, layout shift). Each keeps its own failure and Retry.
 */
export async function loader(): Promise<HomeData> {
  const [categories, advertised, fees] = await Promise.all([settle(getCategories()), settle(getAdvertised()), settle(getFees())]);
  return { categories, advertised, fees };
}

/** `/`: the discount banner, the brands, and the advertised phones. */
export default function HomePage() {
  // Undefined where no loader ran (a host that renders the page without one): the sections then load themselves.
  const data = useLoaderData() as HomeData | undefined;
  return (
    <Container>
      <Banner fees={data?.fees?.status === 'success' ? data.fees.data : undefined} />
      <CategoryCards settled={data?.categories} />
      <AdvertisedItems settled={data?.advertised} />
    </Container>
  );
}
