import { Container } from '@phonehaat/shared-ui';
import { AdvertisedItems } from '../features/home/components/advertised-items';
import { Banner } from '../features/home/components/banner';
import { CategoryCards } from '../features/home/components/category-cards';

/** `/`: the discount banner, the brands, and the advertised phones. */
export default function HomePage() {
  return (
    <Container>
      <Banner />
      <CategoryCards />
      <AdvertisedItems />
    </Container>
  );
}
