import { useState } from 'react';
import type { SellerSummary } from '@phonehaat/shared-api';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, formatNumber, notify, PageHeader } from '@phonehaat/shared-ui';
import { prefetchSellers, useSellers } from '../features/users/api/get-sellers';
import { PEOPLE_CHANGES } from '../features/users/api/user-page';
import { verifySeller } from '../features/users/api/verify-seller';
import { ModerationList } from '../features/users/components/moderation-list';
import { SellerReviewsDialog } from '../features/reviews/components/seller-reviews-dialog';
import { VerifiedState } from '../features/users/components/verified-state';
import { FIRST_PAGE, useSearchPage } from '../features/users/hooks/use-search-page';
import { useT } from '../i18n';

/** Runs before the page shows (the shell's route, or a server composing it): the first page of sellers, into the cache. */
export async function loader(): Promise<null> {
  await prefetchSellers(FIRST_PAGE);
  return null;
}

/** `/dashboard/allsellers`: verify sellers, remove those who break the rules. */
export default function AllSellersPage() {
  const search = useSearchPage();
  // Where no loader ran (a host that renders the page without one), the list loads itself.
  const sellers = useSellers(search.query);
  const verifying = useAction(verifySeller, { invalidates: PEOPLE_CHANGES });
  const [reviewing, setReviewing] = useState<SellerSummary>();
  const t = useT();

  const verify = async (seller: SellerSummary) => {
    try {
      await verifying.run(seller._id);
      notify.success(t('sellers.verified'));
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : t('sellers.verifyFailed'));
    }
  };

  return (
    <section>
      <PageHeader title={t('sellers.title')} subtitle={t('sellers.subtitle')} />
      <ModerationList
        kind="seller"
        list={sellers}
        search={search}
        consequence={t('sellers.consequence')}
        columns={[
          { header: t('sellers.status'), cell: (seller) => <VerifiedState verified={seller.verified} /> },
          { header: t('sellers.listings'), cell: (seller) => formatNumber(seller.listings) },
        ]}
        actions={(seller) => (
          <>
            {!seller.verified && (
              <Button size="sm" variant="secondary" loading={verifying.pending?.[0] === seller._id} disabled={verifying.busy} onClick={() => void verify(seller)} aria-label={t('sellers.verifyLabel', { name: seller.name })}>
                {t('sellers.verify')}
              </Button>
            )}
            <Button size="sm" variant="secondary" onClick={() => setReviewing(seller)} aria-label={t('sellers.reviewsLabel', { name: seller.name })}>
              {t('sellers.reviews')}
            </Button>
          </>
        )}
      />
      {reviewing && <SellerReviewsDialog seller={reviewing} onClose={() => setReviewing(undefined)} />}
    </section>
  );
}
