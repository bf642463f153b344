// Pathao as PhoneHaat's courier (decision 037): its cities matched to Bangladesh's districts, a seller's pickup point
// as a Pathao store, parcels as Pathao orders, and its webhooks read: X-PATHAO-Signature carries the merchant's secret
// itself (Pathao sends it as given, not an HMAC), the integration check is answered 202 with the integration secret.
import { timingSafeEqual } from 'node:crypto';
import { districtOf } from '@phonehaat/shared-api';
import type { ProviderTokensRepository } from '../../../providers/provider-tokens.ts';
import { createPathaoClient, type PathaoConfig } from './pathao-client.ts';
import { zoneFor, type Zone } from './zones.ts';
import { CourierError, WebhookRefused, type Courier, type CourierUpdate, type ParcelStatus } from './types.ts';
import { readPathaoSettlement } from './pathao-settlement.ts';

export interface PathaoCourierConfig extends PathaoConfig {
  webhookSecret: string;
  integrationSecret: string;
  /** A webhook saying something happened longer ago than this is refused as a replay. */
  maxWebhookAgeMs: number;
}

/** A phone in its box: Pathao's parcel (item type 2), normal delivery (48 hours), half a kilogram. */
const PARCEL = { item_type: 2, delivery_type: 48, item_weight: 0.5 } as const;

/** Pathao's webhook events, said as PhoneHaat's statuses (undefined: a step people are not shown). */
const EVENTS: Record<string, ParcelStatus | undefined> = {
  'order.created': 'booked',
  'order.pickup-requested': 'booked',
  'order.assigned-for-pickup': 'booked',
  'order.picked': 'picked-up',
  'order.at-the-sorting-hub': 'in-transit',
  'order.in-transit': 'in-transit',
  'order.received-at-last-mile-hub': 'in-transit',
  'order.assigned-for-delivery': 'out-for-delivery',
  'order.delivered': 'delivered',
  'order.partial-delivery': 'delivered',
  'order.delivery-failed': 'returning',
  'order.returned': 'returned',
  'order.paid-return': 'returned',
};
/** The same steps as `orders/{id}/info` names them (order_status_slug). */
const SLUGS: Record<string, ParcelStatus> = {
  Pending: 'booked',
  Pickup_Requested: 'booked',
  Assigned_for_Pickup: 'booked',
  Picked: 'picked-up',
  At_the_Sorting_HUB: 'in-transit',
  In_Transit: 'in-transit',
  Received_at_Last_Mile_HUB: 'in-transit',
  Assigned_for_Delivery: 'out-for-delivery',
  Delivered: 'delivered',
  Partial_Delivery: 'delivered',
  Delivery_Failed: 'returning',
  Return: 'returned',
  Paid_Return: 'returned',
};

/** Pathao's city list writes some districts the older way. */
const OLDER_NAMES: Record<string, string> = { chattogram: 'chittagong', cumilla: 'comilla', jashore: 'jessore', bogura: 'bogra', barishal: 'barisal', 'chapai-nawabganj': 'chapainawabganj' };
const plain = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

/** Pathao's "2024-12-27 23:49:43" is Dhaka time. */
const dhakaTime = (text: string) => new Date(`${text.replace(' ', 'T')}+06:00`);

const same = (given: string, kept: string) => given.length === kept.length && timingSafeEqual(Buffer.from(given), Buffer.from(kept));

export function createPathaoCourier(config: PathaoCourierConfig, tokens: ProviderTokensRepository): Courier {
  const pathao = createPathaoClient(config, tokens);
  let cityIds: Promise<Map<string, number>> | undefined;
  const zoneLists = new Map<number, Promise<Zone[]>>();

  /**
   * Pathao's city for a district, and the zone of the area typed in it (issue 66: every parcel went with the city's
   * first zone), matched against Pathao's zone list (zones.ts); without an area (a quote), the district's town.
   */
  async function placeOf(districtId: string, area = '') {
    cityIds ??= pathao.cities().then((cities) => new Map(cities.map((city) => [plain(city.city_name), city.city_id])));
    const ids = await cityIds.catch((error: unknown) => {
      cityIds = undefined;
      throw error;
    });
    const district = districtOf(districtId);
    const city = district && (ids.get(plain(district.en)) ?? ids.get(plain(OLDER_NAMES[district.id] ?? '')));
    if (!city) throw new CourierError(`Pathao has no city for the district ${districtId}`);
    if (!zoneLists.has(city)) zoneLists.set(city, pathao.zones(city).then((zones) => zones.map((zone) => ({ id: zone.zone_id, name: zone.zone_name }))));
    const zones = await zoneLists.get(city)!.catch((error: unknown) => {
      zoneLists.delete(city);
      throw error;
    });
    const zone = zoneFor(area, zones);
    if (!zone) throw new CourierError(`Pathao has no zone in the city of ${districtId}`);
    return { city, zone: zone.id, name: district.en };
  }

  return {
    id: 'pathao',

    async quote(storeId, toDistrict) {
      const { city, zone } = await placeOf(toDistrict);
      const plan = await pathao.pricePlan({ store_id: Number(storeId), ...PARCEL, recipient_city: city, recipient_zone: zone });
      return Math.ceil(Number(plan.final_price ?? plan.price));
    },

    async ensureStore({ sellerId, address, storeId }) {
      if (storeId) return storeId;
      const { city, zone, name: district } = await placeOf(address.district, address.area);
      // Pathao answers a new store with its name only: the name is made unique, then found in the store list.
      const name = `PhoneHaat ${sellerId.slice(0, 8)} ${Date.now().toString(36)}`;
      await pathao.createStore({ name, contact_name: address.name, contact_number: address.phone, address: `${address.street}, ${address.area}, ${district}`.slice(0, 120), city_id: city, zone_id: zone });
      const made = (await pathao.stores()).find((store) => store.store_name === name);
      if (!made) throw new CourierError(`Pathao did not list the new store ${name}`);
      return String(made.store_id);
    },

    async send({ bookingId, storeId, to, cashToCollect, description }) {
      const { city, zone, name: district } = await placeOf(to.district, to.area);
      const data = await pathao.createOrder({
        store_id: Number(storeId),
        merchant_order_id: bookingId,
        recipient_name: to.name,
        recipient_phone: to.phone,
        recipient_address: `${to.street}, ${to.area}, ${district}`,
        recipient_city: city,
        recipient_zone: zone,
        ...PARCEL,
        item_quantity: 1,
        amount_to_collect: cashToCollect,
        item_description: description.slice(0, 200),
        special_instruction: 'A used phone: the buyer may open the parcel and check it before paying',
      });
      return { consignmentId: String(data.consignment_id), deliveryFee: Math.ceil(Number(data.delivery_fee)) };
    },

    async status(consignmentId) {
      const info = await pathao.orderInfo(consignmentId);
      const slug = String(info.order_status_slug);
      return { consignmentId, status: SLUGS[slug], courierEvent: `info:${slug}`, at: dhakaTime(String(info.updated_at)), invoiceId: info.invoice_id ? String(info.invoice_id) : undefined };
    },

    readWebhook(headers, text) {
      if (!same(headers['x-pathao-signature'] ?? '', config.webhookSecret)) throw new WebhookRefused(401, 'The webhook signature is not valid');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new WebhookRefused(400, 'The webhook is not JSON');
      }
      const hook = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      if (hook.event === 'webhook_integration') return { kind: 'integration', headers: { 'X-Pathao-Merchant-Webhook-Integration-Secret': config.integrationSecret } };
      const event = typeof hook.event === 'string' ? hook.event : '';
      if (!event.startsWith('order.') || typeof hook.consignment_id !== 'string') return { kind: 'ignored', why: `not an order's event (${event || 'no event'})` };
      const at = new Date(typeof hook.timestamp === 'string' ? hook.timestamp : Number.NaN);
      if (Number.isNaN(at.getTime())) throw new WebhookRefused(400, 'The webhook has no valid timestamp');
      if (Date.now() - at.getTime() > config.maxWebhookAgeMs) throw new WebhookRefused(400, 'The webhook is too old to be believed: a replay is refused');
      const update: CourierUpdate = {
        consignmentId: hook.consignment_id,
        status: EVENTS[event],
        courierEvent: event,
        at,
        collected: typeof hook.collected_amount === 'number' ? hook.collected_amount : undefined,
        invoiceId: typeof hook.invoice_id === 'string' ? hook.invoice_id : undefined,
      };
      return { kind: 'update', update };
    },

    readSettlement: readPathaoSettlement,
  };
}
