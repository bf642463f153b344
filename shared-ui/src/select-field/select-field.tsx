import { type ComponentProps } from 'react';
import { FieldFrame, fieldStyles, useFieldIds, type FieldOwnProps } from '../field/field';
import { cx } from '../utils/cx';

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled <select>; props as TextField's, plus the options. */
export interface SelectFieldProps extends FieldOwnProps, Omit<ComponentProps<'select'>, 'children'> {
  options: SelectOption[];
  /** Shown until a choice is made (e.g. "Select Your Account Type"); it cannot be chosen back. */
  placeholder?: string;
}

export function SelectField({
  label,
  error,
  hint,
  className,
  id,
  options,
  placeholder,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...rest
}: SelectFieldProps) {
  const { aria, ...ids } = useFieldIds({ id, error, hint, 'aria-describedby': describedBy, 'aria-invalid': invalid });
  // Without a selected option a browser selects the first enabled one, so the placeholder needs defaultValue="".
  const showPlaceholderFirst = placeholder !== undefined && rest.value === undefined && rest.defaultValue === undefined;
  return (
    <FieldFrame label={label} error={error} hint={hint} required={rest.required} className={className} {...ids}>
      <div className={fieldStyles.selectWrap}>
        <select
          className={cx(fieldStyles.control, fieldStyles.select)}
          {...(showPlaceholderFirst ? { defaultValue: '' } : {})}
          {...rest}
          {...aria}
        >
          {placeholder !== undefined && (
            <option value="" disabled hidden>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </FieldFrame>
  );
}
