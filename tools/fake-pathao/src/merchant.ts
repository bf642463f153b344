// Pathao's merchant API under /aladdin/api/v1: a token for the merchant's client and account, its stores (pickup
// points), the price plan, orders and their info. Answers are Pathao's envelope { message, type, code, data }; a
// request it refuses names each field as Laravel does, { message, type: 'error', code: 422, errors: { field: [..] } }.
import { randomBytes } from 'node:crypto';
import { CITIES, cityOfZone, zonesOf } from './cities.js';
import { consignmentId, STATUSES, times, type Parcel } from './parcels.js';

export interface Credentials {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}
export interface Store {
  store_id: number;
  store_name: string;
  store_address: string;
  contact_name: string;
  contact_number: string;
  city_id: number;
  zone_id: number;
  hub_id: number;
  is_active: number;
}

export class PathaoError extends Error {
  readonly code: number;
  readonly errors: Record<string, string[]> | undefined;

  constructor(code: number, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.code = code;
    this.errors = errors;
  }
}
const invalid = (errors: Record<string, string[]>) => new PathaoError(422, 'Please fix the given errors', errors);

/** The delivery fee: within Dhaka 60, anywhere else 110, plus 15 a kilogram past the first. */
export function priceOf(fromCity: number, toCity: number, weight: number): number {
  const base = fromCity === 1 && toCity === 1 ? 60 : 110;
  return base + 15 * Math.ceil(Math.max(0, weight - 1));
}
/** Pathao's cash-on-delivery charge: 1% of the cash collected. */
export const COD_PERCENTAGE = 0.01;

type Body = Record<string, unknown>;
const int = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN);
const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function createMerchantApi(credentials: Credentials, now: () => Date) {
  const tokens = new Map<string, number>(); // access token → expiry (ms)
  const refreshTokens = new Set<string>();
  const stores = new Map<number, Store>();
  const parcels = new Map<string, Parcel>();
  let nextStore = 130_821;

  function issueToken(body: Body) {
    const grant = str(body.grant_type);
    const client = str(body.client_id) === credentials.clientId && str(body.client_secret) === credentials.clientSecret;
    const ok =
      client &&
      ((grant === 'password' && str(body.username) === credentials.username && str(body.password) === credentials.password) ||
        (grant === 'refresh_token' && refreshTokens.has(str(body.refresh_token))));
    if (!ok) throw new PathaoError(401, 'The user credentials were incorrect.');
    const access = randomBytes(24).toString('base64url');
    const refresh = randomBytes(24).toString('base64url');
    const expiresIn = 432_000;
    tokens.set(access, now().getTime() + expiresIn * 1000);
    refreshTokens.add(refresh);
    return { token_type: 'Bearer', expires_in: expiresIn, access_token: access, refresh_token: refresh };
  }

  function authorize(header: string | undefined) {
    const token = /^Bearer (.+)$/.exec(header ?? '')?.[1];
    const expiry = token ? tokens.get(token) : undefined;
    if (!expiry || expiry < now().getTime()) throw new PathaoError(401, 'Unauthenticated.');
  }

  function createStore(body: Body) {
    const errors: Record<string, string[]> = {};
    const name = str(body.name);
    if (name.length < 3 || name.length > 50) errors.name = ['The name must be between 3 and 50 characters.'];
    if (str(body.contact_name).length < 3) errors.contact_name = ['The contact name must be at least 3 characters.'];
    if (!/^01\d{9}$/.test(str(body.contact_number))) errors.contact_number = ['The contact number format is invalid.'];
    if (str(body.address).length < 15 || str(body.address).length > 120) errors.address = ['The address must be between 15 and 120 characters.'];
    const zone = int(body.zone_id);
    const city = int(body.city_id);
    if (!zonesOf(city)) errors.city_id = ['The selected city id is invalid.'];
    else if (cityOfZone(zone) !== city) errors.zone_id = ['The selected zone id is invalid.'];
    if (Object.keys(errors).length) throw invalid(errors);
    const store: Store = {
      store_id: nextStore++,
      store_name: name,
      store_address: str(body.address),
      contact_name: str(body.contact_name),
      contact_number: str(body.contact_number),
      city_id: city,
      zone_id: zone,
      hub_id: city,
      is_active: 1,
    };
    stores.set(store.store_id, store);
    return { message: 'Store created successfully, Please wait one hour for approval.', data: { store_name: store.store_name } };
  }

  function storeOf(body: Body, errors: Record<string, string[]>) {
    const store = stores.get(int(body.store_id));
    if (!store) errors.store_id = ['The selected store id is invalid.'];
    return store;
  }

  function pricePlan(body: Body) {
    const errors: Record<string, string[]> = {};
    const store = storeOf(body, errors);
    const weight = Number(body.item_weight);
    if (!(weight >= 0.5 && weight <= 10)) errors.item_weight = ['The item weight must be between 0.5 and 10.'];
    const city = int(body.recipient_city);
    if (!zonesOf(city)) errors.recipient_city = ['The selected recipient city is invalid.'];
    else if (cityOfZone(int(body.recipient_zone)) !== city) errors.recipient_zone = ['The selected recipient zone is invalid.'];
    if (![12, 48].includes(int(body.delivery_type))) errors.delivery_type = ['The selected delivery type is invalid.'];
    if (![1, 2].includes(int(body.item_type))) errors.item_type = ['The selected item type is invalid.'];
    if (Object.keys(errors).length || !store) throw invalid(errors);
    const price = priceOf(store.city_id, city, weight);
    return { message: 'price', data: { price, discount: 0, promo_discount: 0, plan_id: 69, cod_enabled: 1, cod_percentage: COD_PERCENTAGE, additional_charge: 0, final_price: price } };
  }

  function createOrder(body: Body) {
    const errors: Record<string, string[]> = {};
    const store = storeOf(body, errors);
    const name = str(body.recipient_name);
    if (name.length < 3 || name.length > 100) errors.recipient_name = ['The recipient name must be between 3 and 100 characters.'];
    if (!/^01\d{9}$/.test(str(body.recipient_phone))) errors.recipient_phone = ['The recipient phone format is invalid.'];
    const address = str(body.recipient_address);
    if (address.length < 10 || address.length > 220) errors.recipient_address = ['The recipient address must be between 10 and 220 characters.'];
    const city = body.recipient_city === undefined || body.recipient_city === null ? null : int(body.recipient_city);
    if (city !== null && !zonesOf(city)) errors.recipient_city = ['The selected recipient city is invalid.'];
    // Optional, as on Pathao (its riders place an address without one); given, it must be a zone of the city.
    const zone = body.recipient_zone === undefined || body.recipient_zone === null ? null : int(body.recipient_zone);
    if (zone !== null && (city === null || cityOfZone(zone) !== city)) errors.recipient_zone = ['The selected recipient zone is invalid.'];
    if (![12, 48].includes(int(body.delivery_type))) errors.delivery_type = ['The selected delivery type is invalid.'];
    if (![1, 2].includes(int(body.item_type))) errors.item_type = ['The selected item type is invalid.'];
    const quantity = int(body.item_quantity);
    if (!(quantity >= 1)) errors.item_quantity = ['The item quantity must be at least 1.'];
    const weight = Number(body.item_weight);
    if (!(weight >= 0.5 && weight <= 10)) errors.item_weight = ['The item weight must be between 0.5 and 10.'];
    const cash = int(body.amount_to_collect);
    if (!(cash >= 0)) errors.amount_to_collect = ['The amount to collect must be an integer of at least 0.'];
    if (Object.keys(errors).length || !store) throw invalid(errors);
    const at = now();
    const parcel: Parcel = {
      consignment_id: consignmentId(at),
      merchant_order_id: str(body.merchant_order_id) || null,
      store_id: store.store_id,
      recipient_name: name,
      recipient_phone: str(body.recipient_phone),
      recipient_address: address,
      recipient_city: city,
      recipient_zone: zone,
      amount_to_collect: cash,
      item_description: str(body.item_description) || null,
      delivery_fee: priceOf(store.city_id, city ?? 1, weight),
      status: 'created',
      collected_amount: 0,
      invoice_id: null,
      created_at: at,
      updated_at: at,
    };
    parcels.set(parcel.consignment_id, parcel);
    const data = { consignment_id: parcel.consignment_id, merchant_order_id: parcel.merchant_order_id, order_status: STATUSES.created.words, delivery_fee: parcel.delivery_fee };
    return { parcel, answer: { message: 'Order Created Successfully', data } };
  }

  function orderInfo(consignment: string) {
    const parcel = parcels.get(consignment);
    if (!parcel) throw new PathaoError(404, 'Order not found');
    const { words, slug } = STATUSES[parcel.status];
    const data = {
      consignment_id: parcel.consignment_id,
      merchant_order_id: parcel.merchant_order_id,
      order_status: words,
      order_status_slug: slug,
      updated_at: times(parcel.updated_at).updated_at,
      invoice_id: parcel.invoice_id,
    };
    return { message: 'Order info', data };
  }

  return {
    issueToken,
    authorize,
    createStore,
    stores: () => ({ message: 'Store list fetched.', data: { data: [...stores.values()], total: stores.size, current_page: 1, per_page: 1000, total_in_page: stores.size, last_page: 1 } }),
    cities: () => ({ message: 'City successfully fetched.', data: { data: CITIES } }),
    zones(cityId: number) {
      const zones = zonesOf(cityId);
      if (!zones) throw new PathaoError(404, 'City not found');
      return { message: 'Zone list fetched.', data: { data: zones } };
    },
    pricePlan,
    createOrder,
    orderInfo,
    parcels: parcels as ReadonlyMap<string, Parcel>,
    storeList: stores as ReadonlyMap<number, Store>,
  };
}
export type MerchantApi = ReturnType<typeof createMerchantApi>;
