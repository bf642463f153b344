// The courier's zone for an address (issue 66): matched from what the buyer typed, in English or Bangla.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '@phonehaat/shared-api';
import { zonesOf } from '@phonehaat/fake-pathao';
import { latinOf, zoneFor, type Zone } from '../src/modules/orders/courier/zones.ts';
import { createHarness, json, type Harness } from './support/harness.js';
import { courierKit, dhanmondi } from './support/courier.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
const { call, courierSeller, bookByCourier } = courierKit(() => h);

const dhaka: Zone[] = ['Dhanmondi', 'Gulshan', 'Mirpur', 'Mohammadpur', 'Motijheel', 'Uttara'].map((name, index) => ({ id: 101 + index, name }));
const sylhet: Zone[] = [
  { id: 4101, name: 'Sylhet Upazilas' },
  { id: 4102, name: 'Sylhet Sadar' },
];

describe("the courier's zone for an address", () => {
  it.each([
    ['Dhanmondi', 'Dhanmondi'],
    ['House 5, Road 27, Dhanmondi 27', 'Dhanmondi'],
    ['ধানমন্ডি', 'Dhanmondi'],
    ['Mirpur 10', 'Mirpur'],
    ['মিরপুর ১০', 'Mirpur'],
    ['Mohammadpur', 'Mohammadpur'],
    ['মোহাম্মদপুর', 'Mohammadpur'],
    ['Gulshan-2', 'Gulshan'],
    ['গুলশান', 'Gulshan'],
    ['Uttara Sector 7', 'Uttara'],
    ['উত্তরা', 'Uttara'],
    ['Motijheel C/A', 'Motijheel'],
    ['মতিঝিল', 'Motijheel'],
  ])('finds %s in %s', (area, zone) => {
    expect(zoneFor(area, dhaka)?.name).toBe(zone);
  });

  it("is the district's own town where nothing matches, and the first zone only where there is no town", () => {
    expect(zoneFor('Zindabazar', sylhet)?.name).toBe('Sylhet Sadar');
    expect(zoneFor('Banani', dhaka)?.name).toBe('Dhanmondi');
    expect(zoneFor('', sylhet)?.id).toBe(4102);
  });

  it('reads Bangla place names in Latin letters', () => {
    expect(latinOf('মিরপুর')).toBe('mirpur');
    expect(latinOf('গুলশান')).toBe('gulshan');
  });
});

describe("a parcel's zone on the courier", () => {
  it('is the one the area typed names, in English or Bangla, not the city first zone', async () => {
    const { seller, productId } = await courierSeller(30_000);
    const buyer = await h.register('Buyer');
    const zoneOf = async (area: string) => {
      const listing = await h.createProduct(seller, { resalePrice: 30_000, originalPrice: 40_000 });
      const booked = json<{ insertedId: string }>(await bookByCourier(buyer, listing, 'cash', { ...dhanmondi, area })).insertedId;
      const { parcel } = json<Delivery>(await call(seller, 'POST', `/bookings/${booked}/parcel`));
      return zonesOf(1)!.find((zone) => zone.zone_id === h.pathao.parcels.get(parcel!.consignmentId)!.recipient_zone)?.zone_name;
    };
    expect(productId).toBeTruthy();
    expect(await zoneOf('Mirpur 10')).toBe('Mirpur');
    expect(await zoneOf('মোহাম্মদপুর')).toBe('Mohammadpur');
    expect(await zoneOf('Uttara Sector 7')).toBe('Uttara');
  });
});
