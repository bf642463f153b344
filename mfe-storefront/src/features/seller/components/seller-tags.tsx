import type { SellerProfile } from '@phonehaat/shared-api';
import { formatDate, formatRating, useLanguage } from '@phonehaat/shared-ui';
import { useT } from '../i18n';

/**
 * What search engines and shared links read of a seller's profile (issue 48), in the page's language: a description
 * of who they are (member since, phones sold, rating) and the Open Graph and Twitter card tags that carry it. React
 * puts them in the head; the shell's server does the same in the first HTML.
 */
export function SellerTags({ seller }: { seller: SellerProfile }) {
  const t = useT();
  const language = useLanguage();
  const description = t('seller.metaDescription', {
    name: seller.name,
    since: formatDate(seller.memberSince, { month: 'long', year: 'numeric' }, language),
    sold: t('seller.sold', { count: seller.phonesSold }),
    rating: seller.rating !== null ? t('seller.metaRating', { rating: formatRating(seller.rating, language), count: seller.reviewCount }) : t('seller.noRating'),
  });
  const title = t('seller.shareTitle', { name: seller.name });
  return (
    <>
      <meta name="description" content={description} />
      <meta property="og:type" content="profile" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
    </>
  );
}
