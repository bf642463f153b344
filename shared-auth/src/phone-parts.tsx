// The phone-number and e-mail forms (issue 46) load when first shown, with their words (shared-ui's lazyParts): most
// pages never show them. The shell's server loads them before it renders (loadPhoneParts).
import { lazyParts } from '@phonehaat/shared-ui';

const { load, part } = lazyParts(() => import('./phone'));

export const loadPhoneParts = load;
export const VerifyPhone = part('VerifyPhone', (module) => module.VerifyPhone, 160);
export const AddEmail = part('AddEmail', (module) => module.AddEmail, 120);
export const ConfirmCodeField = part('ConfirmCodeField', (module) => module.ConfirmCodeField, 96);
