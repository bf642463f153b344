import { useLayoutEffect, useRef, useState } from 'react';
import styles from './line-chart.module.css';

export interface ChartSeries {
  name: string;
  /** x: a time in ms (or any number); y: null where there is no figure (the line breaks there). */
  points: { x: number; y: number | null }[];
  /** Drawn dashed (besides its colour), so two lines differ without colour. */
  dashed?: boolean;
  /** One of the chart's tones: the accent, a warning, or muted. */
  tone?: 'accent' | 'warning' | 'muted';
}

export interface ChartMarker {
  x: number;
  label: string;
}

export interface LineChartProps {
  /** What the chart shows, for screen readers; the figures themselves go in a table beside it (the caller's). */
  label: string;
  series: ChartSeries[];
  markers?: ChartMarker[];
  xDomain: [number, number];
  formatX: (x: number) => string;
  formatY: (y: number) => string;
  height?: number;
}

const PAD = { top: 10, right: 12, bottom: 22 };
/**
 * Room left of the plot for the y-axis' labels: as wide as the longest ("1,500 ms", "২,৫০০ মি.সে."), so none is cut
 * at the chart's edge. Estimated from its length at the ticks' 12 px (about 7 px a character, digits and Bangla alike):
 * the same on the server and in the browser, where measuring would move the chart after it is drawn.
 */
const leftFor = (labels: string[]) => Math.min(140, Math.max(32, 10 + 7 * Math.max(...labels.map((label) => label.length))));

/**
 * A small line chart in plain SVG (imported as `@phonehaat/shared-ui/line-chart`, so it is bundled with the pages that
 * draw one rather than loaded with the shell's singleton at start), drawn at the width it is given (responsive down to 360 px) with text at the page's
 * size; hidden from screen readers, which get the caller's table instead. Vertical marks for events (a promotion).
 * Why by hand and not a library: decision 025.
 */
export function LineChart({ label, series, markers = [], xDomain, formatX, formatY, height = 160 }: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(320);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.max(240, Math.round(entry.contentRect.width))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const ys = series.flatMap((line) => line.points.map((point) => point.y).filter((y): y is number => y !== null));
  const top = niceCeiling(Math.max(0, ...ys));
  const [x0, x1] = xDomain;
  const ticks = [0, top / 2, top];
  const left = leftFor(ticks.map(formatY));
  const plotW = width - left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const sx = (x: number) => left + ((x - x0) / Math.max(1, x1 - x0)) * plotW;
  const sy = (y: number) => PAD.top + plotH - (top ? (y / top) * plotH : 0);
  const path = (points: ChartSeries['points']) => {
    let d = '';
    let pen = false;
    for (const { x, y } of points) {
      if (y === null) {
        pen = false;
        continue;
      }
      d += `${pen ? 'L' : 'M'}${sx(x).toFixed(1)},${sy(y).toFixed(1)}`;
      pen = true;
    }
    return d;
  };

  return (
    <div ref={box} className={styles.chart} role="img" aria-label={label}>
      <svg width={width} height={height} aria-hidden="true" focusable="false">
        {ticks.map((tick) => (
          <g key={tick}>
            <line className={styles.grid} x1={left} x2={width - PAD.right} y1={sy(tick)} y2={sy(tick)} />
            <text className={styles.tick} x={left - 6} y={sy(tick)} textAnchor="end" dominantBaseline="middle">
              {formatY(tick)}
            </text>
          </g>
        ))}
        <text className={styles.tick} x={left} y={height - 6} textAnchor="start">
          {formatX(x0)}
        </text>
        <text className={styles.tick} x={width - PAD.right} y={height - 6} textAnchor="end">
          {formatX(x1)}
        </text>
        {markers.map((marker) => (
          <g key={`${marker.x}-${marker.label}`}>
            <line className={styles.marker} x1={sx(marker.x)} x2={sx(marker.x)} y1={PAD.top} y2={PAD.top + plotH} />
            <title>{marker.label}</title>
          </g>
        ))}
        {series.map((line) => (
          <path key={line.name} className={`${styles.line} ${styles[line.tone ?? 'accent']}`} d={path(line.points)} strokeDasharray={line.dashed ? '5 4' : undefined} />
        ))}
      </svg>
      {series.length > 1 && (
        <ul className={styles.legend} aria-hidden="true">
          {series.map((line) => (
            <li key={line.name}>
              <svg width="22" height="8">
                <line className={`${styles.line} ${styles[line.tone ?? 'accent']}`} x1="1" x2="21" y1="4" y2="4" strokeDasharray={line.dashed ? '5 4' : undefined} />
              </svg>
              {line.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A round number at or above the highest value, so the axis reads 0, half and top in round figures. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((multiple) => multiple * magnitude >= value)!;
  return step * magnitude;
}
