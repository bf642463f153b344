import { useState, type ChangeEvent, type ComponentProps } from 'react';
import { FieldFrame, useFieldIds, type FieldOwnProps } from '../field/field';
import { useT } from '../i18n/ui-catalog';
import styles from './file-field.module.css';

export interface FileFieldProps extends FieldOwnProps, Omit<ComponentProps<'input'>, 'children' | 'type' | 'value'> {}

/**
 * A file picker in the page's language (issue 65): the browser's own says "Choose File" and "No file chosen" in the
 * browser's language, whatever the page's. The native input stays (keyboard, screen readers, the label that names it),
 * drawn as one of our buttons, with the chosen file's name beside it.
 */
export function FileField({ label, error, hint, className, id, onChange, 'aria-describedby': describedBy, 'aria-invalid': invalid, ...rest }: FileFieldProps) {
  const t = useT();
  const { aria, ...ids } = useFieldIds({ id, error, hint, 'aria-describedby': describedBy, 'aria-invalid': invalid });
  const [chosen, setChosen] = useState<string>();
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    setChosen(Array.from(event.target.files ?? [], (file) => file.name).join(', ') || undefined);
    onChange?.(event);
  };
  return (
    <FieldFrame label={label} error={error} hint={hint} required={rest.required} className={className} {...ids}>
      <span className={styles.picker}>
        <input className={styles.input} type="file" {...rest} {...aria} onChange={change} />
        <span className={styles.button} aria-hidden="true">
          {t('file.choose')}
        </span>
        <span className={styles.chosen} translate={chosen ? 'no' : undefined}>
          {chosen ?? t('file.none')}
        </span>
      </span>
    </FieldFrame>
  );
}
