import { useState } from 'react';
import { useLoaderData } from 'react-router-dom';
import type { SellerPage, SellerSummary } from '@phonehaat/shared-api';
import { ApiRequestError, settle, type ApiState, useAction } from '@phonehaat/shared-data';
import { Button, formatNumber, notify, PageHeader } from '@phonehaat/shared-ui';
import { getSellers, useSellers } from '../features/users/api/get-sellers';
import { verifySeller } from '../features/users/api/verify-seller';
import { ModerationList } from '../features/users/components/moderation-list';
import { SellerReviewsDialog } from '../features/reviews/components/seller-reviews-dialog';
import { VerifiedState } from '../features/users/components/verified-state';
import { FIRST_PAGE, useSearchPage } from '../features/users/hooks/use-search-page';
import { useT } from '../i18n';

export interface AllSellersData {
  sellers: ApiState<SellerPage>;
}

/** Runs before the page shows (the shell's route, or a server composing it): the first page of sellers. */
export async function loader(): Promise<AllSellersData> {
  return { sellers: await settle(getSellers(FIRST_PAGE)) };
}

/** `/dashboard/allsellers`: verify sellers, remove those who break the rules. */
export default function AllSellersPage() {
  const search = useSearchPage();
  // Undefined where no loader ran (a host that renders the page without one): the list then loads itself.
  const data = useLoaderData() as AllSellersData | undefined;
  const sellers = useSellers(search.query, data?.sellers);
  const verifying = useAction(verifySeller);
  const [reviewing, setReviewing] = useState<SellerSummary>();
  const t = useT();

  const verify = async (seller: SellerSummary) => {
    try {
      await verifying.run(seller._id);
      sellers.setData((current) => ({ ...current, users: current.users.map((row) => (row._id === seller._id ? { ...row, verified: true } : row)) }));
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
