import { useEffect, useId, useRef, useState, type Key, type ReactNode } from 'react';
import { useT } from '../i18n/ui-catalog';
import { cx } from '../utils/cx';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import styles from './data-table.module.css';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell(row: Row): ReactNode;
  /** What names the cell where a row is a card (a `cards` table on a phone, its header row hidden); none: the cell
   * speaks for itself (a row's buttons). */
  label?: string;
  /** This column's cell names its row (a `<th scope="row">`): a screen reader reads it with every other cell. */
  rowHeader?: boolean;
  /** A class for this column's cells (long references that may break anywhere, say). */
  className?: string;
  /** Words the browser must not translate (a name, an e-mail address, an IMEI). */
  untranslated?: boolean;
}

export interface DataTableProps<Row> {
  caption: ReactNode;
  /** The caption for screen readers only, where the page's heading already says what the table is. */
  captionHidden?: boolean;
  /**
   * `plain`: a table that scrolls sideways on a narrow phone (a few columns of figures). `cards`: a surface with a
   * border, each row a card on a phone with each cell labelled (many columns, or long text).
   */
  variant?: 'plain' | 'cards';
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): Key;
  /** Each row's data-testid. */
  rowTestId?: string;
  /** The table's data-testid. */
  testId?: string;
}

/** Whether the element is wider inside than out (a table that scrolls sideways), kept as the window or its content changes. */
function useOverflowing<T extends HTMLElement>(watch: boolean) {
  const ref = useRef<T>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!watch || !element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [watch]);
  return { ref, overflowing };
}

/** A table of records with a caption and column headers, in one of two looks (`variant`). */
export function DataTable<Row>({ caption, captionHidden = false, variant = 'plain', columns, rows, rowKey, rowTestId, testId }: DataTableProps<Row>) {
  const captionId = useId();
  // A plain table may scroll sideways on a phone: its frame is a region the keyboard can reach and scroll, named by the caption.
  const scrollable = variant === 'plain' ? { role: 'region', 'aria-labelledby': captionId, tabIndex: 0 } : {};
  const t = useT();
  const { ref, overflowing } = useOverflowing<HTMLDivElement>(variant === 'plain');
  return (
    <>
      {/* Wider than the screen: said above it, and shaded at the edge that has more (issue 65). */}
      {overflowing && (
        <p className={styles.scrollHint} aria-hidden="true">
          {t('table.scrollHint')}
        </p>
      )}
      <div ref={ref} className={cx(styles.scroll, overflowing && styles.overflowing)} {...scrollable}>
        <table className={cx(styles.table, variant === 'cards' && styles.cards)} data-testid={testId}>
          {captionHidden ? (
            <VisuallyHidden as="caption" id={captionId}>
              {caption}
            </VisuallyHidden>
          ) : (
            <caption className={styles.caption} id={captionId}>
              {caption}
            </caption>
          )}
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} data-testid={rowTestId}>
                {columns.map((column) => {
                  const Cell = column.rowHeader ? 'th' : 'td';
                  return (
                    <Cell
                      key={column.key}
                      scope={column.rowHeader ? 'row' : undefined}
                      className={column.className}
                      data-label={column.label}
                      translate={column.untranslated ? 'no' : undefined}
                    >
                      {column.cell(row)}
                    </Cell>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The muted second line of a cell (a sale's date under its phone). */
export function CellNote({ children, className }: { children: ReactNode; className?: string }) {
  return <span className={cx(styles.note, className)}>{children}</span>;
}
