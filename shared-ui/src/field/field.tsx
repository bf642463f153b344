import { useId, type ReactNode } from 'react';
import { cx } from '../utils/cx';
import styles from './field.module.css';

export { styles as fieldStyles };

/** What every field adds to a native control: a label, an optional hint and an error, all tied to the control. */
export interface FieldOwnProps {
  label: string;
  /** Shown under the control in the danger colour; marks the control invalid. */
  error?: string;
  /** Help under the control, e.g. "As on your NID" (words, or words with a marked code inside, from `t.rich`). */
  hint?: ReactNode;
}

interface ControlAria {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
}

/** Ids for a control and its hint and error, and the ARIA that links them. Caller's own id/aria win. */
export function useFieldIds({ id, error, hint, ...aria }: ControlAria & { error?: string; hint?: ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null, aria['aria-describedby']].filter(Boolean).join(' ');
  return {
    controlId,
    hintId,
    errorId,
    aria: {
      id: controlId,
      'aria-describedby': describedBy || undefined,
      'aria-invalid': error ? true : aria['aria-invalid'],
    },
  };
}

interface FieldFrameProps extends FieldOwnProps {
  controlId: string;
  hintId: string;
  errorId: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

export function FieldFrame({ label, error, hint, controlId, hintId, errorId, required, className, children }: FieldFrameProps) {
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          <svg className={styles.errorIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M8 4.5v4M8 11v.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          {error}
        </p>
      )}
    </div>
  );
}
