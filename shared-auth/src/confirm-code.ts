import type { PhoneConfirmationSent } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';
import { appVerification } from './app-verification';

/**
 * Sends a fresh code to the signed-in person's verified number (issue 46: asked again when it matters): changing the
 * payout wallet or the number itself needs it typed back (ConfirmCodeField).
 */
export const askForConfirmation = async (): Promise<PhoneConfirmationSent> => api.requestPhoneConfirmation({ body: await appVerification() });
