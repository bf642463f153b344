import { PageHeader } from '@phonehaat/shared-ui';
import { useBuyers } from '../features/users/api/get-buyers';
import { ModerationList } from '../features/users/components/moderation-list';
import { useSearchPage } from '../features/users/hooks/use-search-page';

/** `/dashboard/allbuyers`: the buyers, and removing one who breaks the rules. */
export default function AllBuyersPage() {
  const search = useSearchPage();
  const buyers = useBuyers(search.query);
  return (
    <section>
      <PageHeader title="All Buyers" subtitle="Everyone who books phones on PhoneHaat." />
      <ModerationList
        kind="buyer"
        list={buyers}
        search={search}
        consequence="will no longer be able to sign in. Their paid orders stay on record."
        columns={[{ header: 'Bookings', cell: (buyer) => buyer.bookings }]}
      />
    </section>
  );
}
