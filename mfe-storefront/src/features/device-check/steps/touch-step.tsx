import { useRef, useState, type PointerEvent } from 'react';
import { Button } from '@phonehaat/shared-ui';
import { StepFrame } from '../components/step-frame';
import { useT } from '../i18n';
import styles from '../components/device-check.module.css';
import type { StepProps } from './step-props';

const COLUMNS = 4;
const ROWS = 6;
/** The handover's check touches the screen's four corners only. */
const CORNERS = [0, COLUMNS - 1, COLUMNS * (ROWS - 1), COLUMNS * ROWS - 1];

/** Every cell of the grid touched (a finger drawn across them counts): a dead zone of the screen shows as a cell left. */
export function TouchStep({ done, short }: StepProps) {
  const t = useT();
  const wanted = short ? CORNERS : Array.from({ length: COLUMNS * ROWS }, (_, i) => i);
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const finished = useRef(false);
  const result = (set: ReadonlySet<number>) => ({ cells: wanted.length, touched: wanted.filter((cell) => set.has(cell)).length });
  const touch = (cell: number) =>
    setTouched((current) => {
      if (current.has(cell) || !wanted.includes(cell)) return current;
      const next = new Set(current).add(cell);
      if (!finished.current && wanted.every((one) => next.has(one))) {
        finished.current = true;
        // Every cell touched: passed, the moment the last one is.
        setTimeout(() => done({ step: 'touch', outcome: 'passed', touch: result(next) }), 250);
      }
      return next;
    });
  // A finger moved across the grid touches each cell it passes over.
  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    const cell = (document.elementFromPoint(event.clientX, event.clientY) as HTMLElement | null)?.dataset.cell;
    if (cell !== undefined) touch(Number(cell));
  };
  return (
    <StepFrame
      title={t('touch.title')}
      hint={t(short ? 'touch.hintCorners' : 'touch.hint', { count: wanted.length })}
      onSkip={() => done({ step: 'touch', outcome: 'untested' })}
      answers={
        <Button variant="secondary" onClick={() => done({ step: 'touch', outcome: 'failed', touch: result(touched) })}>
          {t('touch.dead')}
        </Button>
      }
    >
      <div className={styles.grid} style={{ gridTemplateColumns: `repeat(${COLUMNS}, 1fr)` }} onPointerDown={onPointer} onPointerMove={(event) => event.buttons > 0 && onPointer(event)} data-testid="touch-grid">
        {Array.from({ length: COLUMNS * ROWS }, (_, cell) => (
          <div
            key={cell}
            data-cell={cell}
            className={`${styles.cell} ${!wanted.includes(cell) ? styles.idle : touched.has(cell) ? styles.touched : ''}`}
            aria-label={wanted.includes(cell) ? t(touched.has(cell) ? 'touch.cellDone' : 'touch.cell', { n: cell + 1 }) : undefined}
            role={wanted.includes(cell) ? 'img' : undefined}
          />
        ))}
      </div>
      <p className={styles.progress} aria-live="polite">
        {t('touch.progress', { done: result(touched).touched, count: wanted.length })}
      </p>
    </StepFrame>
  );
}
