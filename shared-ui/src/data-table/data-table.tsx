import type { Key, ReactNode } from 'react';
import { cx } from '../utils/cx';
import styles from './data-table.module.css';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell(row: Row): ReactNode;
  /** This column's cell names its row (a `<th scope="row">`): a screen reader reads it with every other cell. */
  rowHeader?: boolean;
  /** A class for this column's cells (long references that may break anywhere, say). */
  className?: string;
}

export interface DataTableProps<Row> {
  caption: ReactNode;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): Key;
}

/**
 * A table of records with a caption and column headers, scrolling sideways on its own on a narrow phone rather than
 * widening the page.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey }: DataTableProps<Row>) {
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
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
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} scope="row" className={column.className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={column.className}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The muted second line of a cell (a sale's date under its phone). */
export function CellNote({ children, className }: { children: ReactNode; className?: string }) {
  return <span className={cx(styles.note, className)}>{children}</span>;
}
