import { TextField } from '@phonehaat/shared-ui';

/** The code dialled to see a phone's IMEI: the same keys in every language. */
const dialled = (
  <kbd translate="no" lang="en">
    *#06#
  </kbd>
);
import { useT } from '../../../i18n';

/** The phone's IMEI, with how to find it (`*#06#`) and what buyers see of it. */
export function ImeiField({ value, error, onChange }: { value: string; error?: string | undefined; onChange(value: string): void }) {
  const t = useT();
  return (
    <TextField
      label={t('imei.label')}
      name="imei"
      inputMode="numeric"
      autoComplete="off"
      maxLength={24}
      placeholder="35 209900 176148 1"
      hint={t.rich('imei.hint', { code: dialled })}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
