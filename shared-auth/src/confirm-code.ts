import { useState } from 'react';
import type { PhoneConfirmationSent } from '@phonehaat/shared-api';
import { api, ApiRequestError, useAction } from '@phonehaat/shared-data';
import { AppCheckFailed, appVerification } from './app-verification';

/**
 * Sends a fresh code to the signed-in person's verified number (issue 46: asked again when it matters): changing the
 * payout wallet or the number itself needs it typed back (ConfirmCodeField).
 */
export const askForConfirmation = async (): Promise<PhoneConfirmationSent> => api.requestPhoneConfirmation({ body: await appVerification() });

/**
 * A form's code to the person's verified number: ask (again) for one, the code typed, and why one could not be sent
 * (the API's words; none when it could not be reached: the form says it in its own). `ask` says whether a code was sent.
 */
export function useConfirmationCode(onRefused: (message: string | undefined) => void) {
  const [sent, setSent] = useState<PhoneConfirmationSent>();
  const [code, setCode] = useState('');
  const asking = useAction(askForConfirmation);
  const ask = async () => {
    try {
      setSent(await asking.run());
      setCode('');
      return true;
    } catch (error) {
      onRefused(error instanceof ApiRequestError || error instanceof AppCheckFailed ? error.message : undefined);
      return false;
    }
  };
  return { sent, code, setCode, ask, asking: asking.busy, used: () => setSent(undefined) };
}
