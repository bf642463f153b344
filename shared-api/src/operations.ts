// Every operation the API offers the frontends, by its OpenAPI operationId: its method and path. The typed client
// (shared-auth's `api`) reads this at run time, so it holds strings only; the shapes each operation takes and answers
// are in endpoints.ts, beside it, read as types by the client and checked against the API's own routes when the API
// starts (api/src/plugins/contract.ts). Decision 036.
import type { z } from 'zod';
import type { Endpoints } from './endpoints.ts';

export const operations = {
  requestPasswordReset: 'POST /password-reset',
  registerUser: 'POST /users',
  exchangeToken: 'GET /jwt',
  getMe: 'GET /me',
  isSeller: 'GET /users/seller/:email',
  isAdmin: 'GET /users/admin/:email',
  isBuyer: 'GET /users/buyers/:email',
  listBrands: 'GET /categories',
  listBrandNames: 'GET /productbrandname',
  listAdvertised: 'GET /advertised',
  listBrandProducts: 'GET /products/:categoryId',
  createProduct: 'POST /addedproducts',
  listMyProducts: 'GET /addedproducts',
  deleteProduct: 'DELETE /postedproduct/:id',
  advertiseProduct: 'POST /advertisedproducts',
  uploadPhoto: 'POST /uploads',
  replaceListingPhotos: 'PUT /addedproducts/:id/photos',
  searchProducts: 'GET /search',
  suggestSearches: 'GET /search/suggest',
  getProduct: 'GET /product/:id',
  getSimilarProducts: 'GET /product/:id/similar',
  createBooking: 'POST /bookeditems',
  listMyBookings: 'GET /bookeditems',
  getBooking: 'GET /bookings/:id',
  createPaymentIntent: 'POST /create-payment-intent',
  recordPayment: 'POST /payments',
  listPaymentMethods: 'GET /payment-methods',
  startWalletPayment: 'POST /payments/:method/start',
  completeWalletPayment: 'POST /payments/:method/complete',
  confirmReceived: 'POST /bookings/:id/received',
  enterHandoverCode: 'POST /bookings/:id/handover',
  openDispute: 'POST /bookings/:id/dispute',
  setDisputeRefundWallet: 'PUT /bookings/:id/dispute/refund-wallet',
  listDisputes: 'GET /disputes',
  decideDispute: 'POST /disputes/:id/decision',
  getMyEarnings: 'GET /earnings',
  getPayoutWallet: 'GET /payout-wallet',
  setPayoutWallet: 'PUT /payout-wallet',
  getMoneyOverview: 'GET /admin/money',
  listPaymentReviews: 'GET /admin/payment-reviews',
  decidePaymentReview: 'POST /admin/payment-reviews/:id',
  recordCourierSettlement: 'POST /admin/courier-settlements',
  getMyPhone: 'GET /me/phone',
  requestPhoneCode: 'POST /me/phone/code',
  verifyPhoneCode: 'POST /me/phone/verify',
  requestPhoneConfirmation: 'POST /me/phone/confirmation',
  requestSignInCode: 'POST /phone-sign-in/code',
  signInWithPhone: 'POST /phone-sign-in',
  requestEmailLink: 'POST /me/email',
  confirmEmail: 'POST /me/email/confirm',
  getFeeSchedule: 'GET /fees',
  getMyFee: 'GET /fees/mine',
  listSellers: 'GET /users/allsellers',
  listBuyers: 'GET /users/allbuyers',
  verifySeller: 'PUT /seller/verify/:id',
  removeSeller: 'DELETE /seller/:id',
  removeBuyer: 'DELETE /buyer/:id',
  resetPhone: 'DELETE /users/:id/phone',
  createReport: 'POST /reports',
  listReports: 'GET /reports',
  dismissReports: 'POST /reports/:productId/dismiss',
  removeListing: 'DELETE /admin/products/:id',
  removeMessage: 'DELETE /admin/messages/:id',
  listSenderHolds: 'GET /admin/holds',
  holdSender: 'POST /admin/users/:id/hold',
  releaseSender: 'DELETE /admin/users/:id/hold',
  listAuditEntries: 'GET /audit',
  listListingBookings: 'GET /addedproducts/:id/bookings',
  setListingImei: 'PUT /addedproducts/:id/imei',
  listBlockedImeis: 'GET /admin/blocked-imeis',
  blockImei: 'POST /admin/blocked-imeis',
  unblockImei: 'DELETE /admin/blocked-imeis/:id',
  createReview: 'POST /bookings/:id/review',
  updateReview: 'PUT /reviews/:id',
  replyToReview: 'POST /reviews/:id/reply',
  removeReview: 'DELETE /admin/reviews/:id',
  listMyReviews: 'GET /me/reviews',
  getSellerProfile: 'GET /sellers/:id',
  listSellerReviews: 'GET /sellers/:id/reviews',
  listSellerPhones: 'GET /sellers/:id/listings',
  openThread: 'POST /threads',
  listThreads: 'GET /threads',
  getThread: 'GET /threads/:id',
  sendMessage: 'POST /threads/:id/messages',
  markThreadSeen: 'POST /threads/:id/seen',
  blockInThread: 'POST /threads/:id/block',
  unblockInThread: 'DELETE /threads/:id/block',
  reportMessage: 'POST /messages/:id/report',
  countUnreadThreads: 'GET /inbox/unread',
  createStreamTicket: 'POST /stream/tickets',
  openStream: 'GET /stream',
  listNotifications: 'GET /notifications',
  countUnreadNotifications: 'GET /notifications/unread',
  markNotificationsRead: 'POST /notifications/read',
  getEmailSettings: 'GET /me/email-settings',
  updateEmailSettings: 'PUT /me/email-settings',
  unsubscribeEmail: 'POST /unsubscribe',
  getPushKey: 'GET /push/key',
  listPushDevices: 'GET /me/push-subscriptions',
  subscribePush: 'POST /me/push-subscriptions',
  unsubscribePush: 'DELETE /me/push-subscriptions/:id',
  renewPush: 'POST /push/renewals',
  createSavedSearch: 'POST /saved-searches',
  listSavedSearches: 'GET /saved-searches',
  renameSavedSearch: 'PUT /saved-searches/:id',
  deleteSavedSearch: 'DELETE /saved-searches/:id',
  sendSavedSearchDigests: 'POST /admin/digests',
  getWatch: 'GET /product/:id/watch',
  watchProduct: 'PUT /product/:id/watch',
  unwatchProduct: 'DELETE /product/:id/watch',
  changeProductPrice: 'PUT /addedproducts/:id/price',
  reportPageView: 'POST /rum',
  getReleaseFigures: 'GET /rum/releases',
  getReleaseSeries: 'GET /admin/releases',
  getPriceGuide: 'GET /price-guide',
  getProductPriceGuide: 'GET /product/:id/price-guide',
  quoteDelivery: 'GET /delivery/quote',
  getPickupAddress: 'GET /pickup-address',
  setPickupAddress: 'PUT /pickup-address',
  getDelivery: 'GET /bookings/:id/delivery',
  sendParcel: 'POST /bookings/:id/parcel',
  createOffer: 'POST /offers',
  listOffers: 'GET /offers',
  getOffer: 'GET /offers/:id',
  answerOffer: 'POST /offers/:id/answer',
  setOfferTerms: 'PUT /addedproducts/:id/offers',
  startDeviceCheck: 'POST /addedproducts/:id/device-check',
  startHandoverCheck: 'POST /bookings/:id/handover-check',
  getHandoverCheck: 'GET /bookings/:id/handover-check',
  listSigningKeys: 'GET /device-checks/keys',
  getDeviceCheck: 'GET /device-checks/:token',
  recordDeviceCheck: 'POST /device-checks/:token/report',
  recordNeirStep: 'POST /bookings/:id/neir',
} as const;

export type OperationId = keyof typeof operations;

/**
 * What a part takes: what its schema accepts; in a path or a query, where it accepts anything and reads it as something
 * (a number, coerced from the text), what it reads or that text as typed.
 */
type Taken<S extends z.ZodType, K> =
  K extends 'body' ? z.input<S> : z.input<S> extends Record<string, unknown>
    ? { [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? (K extends keyof z.output<S> ? z.output<S>[K] | string : z.input<S>[K]) : z.input<S>[K] }
    : z.input<S>;
type Part<E, K extends 'params' | 'query' | 'body'> = E extends { readonly upload: true }
  ? K extends 'body' ? { body: FormData } : { [P in K]?: never }
  : E extends { readonly [P in K]: infer S extends z.ZodType }
    ? object extends Taken<S, K> ? { [P in K]?: Taken<S, K> } : { [P in K]: Taken<S, K> }
    : { [P in K]?: never };

/** What an operation takes: `{ params, query, body }`, each where the operation has one. */
export type ApiInput<Id extends OperationId> = Part<Endpoints[Id], 'params'> & Part<Endpoints[Id], 'query'> & Part<Endpoints[Id], 'body'>;
/** What an operation answers. */
export type ApiOutput<Id extends OperationId> = Endpoints[Id] extends { readonly response: infer R extends z.ZodType } ? z.output<R> : void;

/** An operation's path with its parameters filled in and its query (lists as repeated keys, empty values left out). */
export function pathOf<Id extends OperationId>(id: Id, input?: Pick<ApiInput<Id>, 'params' | 'query'>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const path = operations[id].slice(operations[id].indexOf(' ') + 1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) for (const one of [value].flat()) if (one !== undefined && one !== null && one !== '') search.append(key, String(one));
  const searched = search.toString();
  return searched ? `${path}?${searched}` : path;
}

/** An operation's path as the contract writes it: a literal type, so code that must hold a path itself (with no bytes
 * of this table) is checked against it. */
export type PathOf<Id extends OperationId> = (typeof operations)[Id] extends `${string} ${infer Path}` ? Path : never;

/** An operation's method. */
export const methodOf = (id: OperationId) => operations[id].slice(0, operations[id].indexOf(' '));
