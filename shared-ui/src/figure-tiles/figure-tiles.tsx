import type { ReactNode } from 'react';
import styles from './figure-tiles.module.css';

export interface Figure {
  /** Names the figure for React and, prefixed, for tests ("held" → data-testid="<testIdPrefix>-held"). */
  key: string;
  label: ReactNode;
  value: ReactNode;
}

export interface FigureTilesProps {
  figures: readonly Figure[];
  /** Each tile's data-testid is `<prefix>-<key>` (a test reads a figure by its name). */
  testIdPrefix?: string;
}

/** Key figures (money held, paid out…) as a grid of tiles: a label over a large value, as many per row as fit. */
export function FigureTiles({ figures, testIdPrefix }: FigureTilesProps) {
  return (
    <dl className={styles.tiles}>
      {figures.map((figure) => (
        <div key={figure.key} className={styles.tile} data-testid={testIdPrefix ? `${testIdPrefix}-${figure.key}` : undefined}>
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
