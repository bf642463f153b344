import type { PhoneConfirmationSent } from '@phonehaat/shared-api';
import { Button, formatPhoneNumber, TextField } from '@phonehaat/shared-ui';
import { useT } from './i18n';

/**
 * The code sent to the person's own number, asked inside the form whose change it confirms: why it is asked, the
 * code field (Bangla digits too), and a new code if this one did not come or expired.
 */
export function ConfirmCodeField({
  sent,
  code,
  onCode,
  error,
  onResend,
  resending = false,
}: {
  sent: PhoneConfirmationSent;
  code: string;
  onCode(code: string): void;
  error?: string;
  onResend(): void;
  resending?: boolean;
}) {
  const t = useT();
  return (
    <div data-testid="confirm-code">
      <p>{t('phone.confirm.why', { ending: formatPhoneNumber(sent.phoneEnding) })}</p>
      <TextField label={t('phone.confirm.code')} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => onCode(event.target.value)} error={error} />
      <Button type="button" size="sm" variant="secondary" onClick={onResend} loading={resending} disabled={resending}>
        {t('phone.confirm.resend')}
      </Button>
    </div>
  );
}
