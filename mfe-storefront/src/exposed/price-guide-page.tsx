import { useLoaderData, useLocation, useNavigation, type LoaderFunctionArgs } from 'react-router-dom';
import { ensureApi, useApiQuery } from '@phonehaat/shared-data';
import { Container, DocumentTitle, PageHeader } from '@phonehaat/shared-ui';
import { GuideForm } from '../features/price-guide/components/guide-form';
import { readAsk, type GuideAsk } from '../features/price-guide/query';
import { useT } from '../features/price-guide/i18n';
import { PriceGuide } from '../features/product/components/price-guide';
import styles from './price-guide-page.module.css';

interface GuidePageData {
  ask: GuideAsk | undefined;
}

/** The brands for the form and, when the address asks a whole question, its answer, into the cache. */
export async function loader({ request }: LoaderFunctionArgs): Promise<GuidePageData> {
  const ask = readAsk(new URL(request.url).searchParams);
  const brands = await ensureApi('listBrands');
  // A brand that is not (or no longer) one of ours is as wrong as none.
  if (ask && !brands.some((brand) => brand._id === ask.values.brandId)) {
    ask.problems.brandId = true;
    delete ask.query;
  }
  if (ask?.query) await ensureApi('getPriceGuide', { query: ask.query });
  return { ask };
}

/**
 * `/price-guide`: what any phone sells for (issue 30's guide, which the phone's page and Add a product show for one
 * phone), for a person who is about to buy or sell one and has no listing in front of them.
 */
export default function PriceGuidePage() {
  const { ask } = useLoaderData() as GuidePageData;
  const brands = useApiQuery('listBrands').data ?? [];
  const guide = useApiQuery('getPriceGuide', ask?.query && { query: ask.query }, { enabled: Boolean(ask?.query) }).data;
  const t = useT();
  const navigation = useNavigation();
  const { search } = useLocation();
  return (
    <Container>
      <DocumentTitle title={ask?.query ? t('result.title', { name: ask.query.name }) : t('page.title')} />
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      {/* Afresh for each address, so its fields show what that address asks. */}
      <GuideForm key={search} brands={brands} ask={ask} busy={navigation.state === 'loading'} />
      {guide && ask?.query ? (
        <PriceGuide guide={guide} heading={t('result.title', { name: ask.query.name })} />
      ) : (
        <p className={styles.empty}>{t('page.empty')}</p>
      )}
    </Container>
  );
}
