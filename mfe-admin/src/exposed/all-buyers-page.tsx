import { PageHeader } from '@phonehaat/shared-ui';
import { useBuyers } from '../features/users/api/get-buyers';
import { ModerationList } from '../features/users/components/moderation-list';
import { useSearchPage } from '../features/users/hooks/use-search-page';
import { formatNumber } from '@phonehaat/shared-ui';
import { useT } from '../i18n';

/** `/dashboard/allbuyers`: the buyers, and removing one who breaks the rules. */
export default function AllBuyersPage() {
  const search = useSearchPage();
  const buyers = useBuyers(search.query);
  const t = useT();
  return (
    <section>
      <PageHeader title={t('buyers.title')} subtitle={t('buyers.subtitle')} />
      <ModerationList
        kind="buyer"
        list={buyers}
        search={search}
        consequence={t('buyers.consequence')}
        columns={[{ header: t('buyers.bookings'), cell: (buyer) => formatNumber(buyer.bookings) }]}
      />
    </section>
  );
}
