import { type ComponentProps } from 'react';
import { FieldFrame, fieldStyles, useFieldIds, type FieldOwnProps } from '../field/field';
import { cx } from '../utils/cx';

/** A labelled <textarea>; props as TextField's. */
export interface TextAreaFieldProps extends FieldOwnProps, Omit<ComponentProps<'textarea'>, 'children'> {}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  id,
  rows = 4,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...rest
}: TextAreaFieldProps) {
  const { aria, ...ids } = useFieldIds({ id, error, hint, 'aria-describedby': describedBy, 'aria-invalid': invalid });
  return (
    <FieldFrame label={label} error={error} hint={hint} required={rest.required} className={className} {...ids}>
      <textarea className={cx(fieldStyles.control, fieldStyles.textarea)} rows={rows} {...rest} {...aria} />
    </FieldFrame>
  );
}
