// The courier parts (issue 45: a courier address's fields, a parcel's steps, BTRC's NEIR steps) load when first shown,
// with their words and the district list: a visitor's first page never shows them (issue 48's JS budget). Their styles
// stay with the first page's (imported here), so a page composed with one is styled from its first paint.
import '../neir-steps/neir-steps.module.css';
import '../parcel-timeline/parcel-timeline.module.css';
import { lazyParts } from '../lazy-parts/lazy-parts';

const { load, part } = lazyParts(() => import('./index'));

/** Loads the courier parts (the shell's server, before it renders). */
export const loadDeliveryParts = load;
export const AddressFields = part('AddressFields', (module) => module.AddressFields, 360);
export const ParcelTimeline = part('ParcelTimeline', (module) => module.ParcelTimeline, 160);
export const NeirSteps = part('NeirSteps', (module) => module.NeirSteps, 48);
