// The courier parts, loaded when first shown (delivery-parts.tsx): one chunk, with their words.
export { AddressFields } from '../address-fields/address-fields';
export { NeirSteps } from '../neir-steps/neir-steps';
export { ParcelTimeline } from '../parcel-timeline/parcel-timeline';
