import { type ComponentProps } from 'react';
import { FieldFrame, fieldStyles, useFieldIds, type FieldOwnProps } from '../field/field';

/**
 * A labelled <input>. Every native prop (ref, name, onChange, value, defaultValue…) goes to the input, so it works
 * controlled and uncontrolled (react-hook-form's register()). `className` styles the wrapper, for layout.
 */
export interface TextFieldProps extends FieldOwnProps, Omit<ComponentProps<'input'>, 'children'> {}

export function TextField({ label, error, hint, className, id, 'aria-describedby': describedBy, 'aria-invalid': invalid, ...rest }: TextFieldProps) {
  const { aria, ...ids } = useFieldIds({ id, error, hint, 'aria-describedby': describedBy, 'aria-invalid': invalid });
  return (
    <FieldFrame label={label} error={error} hint={hint} required={rest.required} className={className} {...ids}>
      <input className={fieldStyles.control} {...rest} {...aria} />
    </FieldFrame>
  );
}
