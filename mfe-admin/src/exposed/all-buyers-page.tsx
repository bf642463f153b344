import { PageHeader } from '@phonehaat/shared-ui';
import { useBuyers } from '../features/users/api/get-buyers';
import { ModerationList } from '../features/users/components/moderation-list';

/** `/dashboard/allbuyers`: the buyers, and removing one who breaks the rules. */
export default function AllBuyersPage() {
  const buyers = useBuyers();
  return (
    <section>
      <PageHeader title="All Buyers" subtitle="Everyone who books phones on PhoneHaat." />
      <ModerationList
        kind="buyer"
        list={buyers}
        consequence="will no longer be able to sign in. Their paid orders stay on record."
        columns={[{ header: 'Bookings', cell: (buyer) => buyer.bookings }]}
      />
    </section>
  );
}
