import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LineChart, niceCeiling } from './line-chart';

describe('LineChart', () => {
  it('is one image with its label for screen readers, its lines drawn and broken where a figure is missing', () => {
    const { container } = render(
      <LineChart
        label="Error rate per release, last 6 hours"
        series={[
          { name: 'live', points: [{ x: 0, y: 0.01 }, { x: 1, y: null }, { x: 2, y: 0.02 }, { x: 3, y: 0.02 }] },
          { name: 'canary', dashed: true, tone: 'warning', points: [{ x: 2, y: 0.3 }] },
        ]}
        markers={[{ x: 2, label: 'canary promoted' }]}
        xDomain={[0, 3]}
        formatX={(x) => `t${x}`}
        formatY={(y) => `${Math.round(y * 100)}%`}
      />,
    );
    expect(screen.getByRole('img', { name: 'Error rate per release, last 6 hours' })).toBeInTheDocument();
    const [live, canary] = Array.from(container.querySelectorAll('svg[aria-hidden] path'));
    // Two moves for the live line: it breaks where there is no figure.
    expect(live!.getAttribute('d')!.match(/M/g)).toHaveLength(2);
    expect(canary!.getAttribute('stroke-dasharray')).toBe('5 4');
    expect(container.querySelector('title')?.textContent).toBe('canary promoted');
    // The axis reads in round figures up to the highest value.
    expect(Array.from(container.querySelectorAll('text'), (text) => text.textContent)).toEqual(expect.arrayContaining(['0%', '25%', '50%', 't0', 't3']));
  });

  it('leaves room for its longest y-axis label, so none is cut at the edge ("00 ms" was "1,500 ms")', () => {
    const draw = (formatY: (y: number) => string) =>
      render(<LineChart label="p75 LCP" series={[{ name: 'live', points: [{ x: 0, y: 1500 }] }]} xDomain={[0, 1]} formatX={String} formatY={formatY} />).container;
    const rightEdgeOfLabels = (container: HTMLElement) =>
      Array.from(container.querySelectorAll('text[text-anchor="end"][dominant-baseline="middle"]'), (text) => ({ x: Number(text.getAttribute('x')), length: text.textContent!.length }));
    for (const [formatY, label] of [
      [(y: number) => `${y.toLocaleString('en')} ms`, '2,000 ms'],
      [(y: number) => `${y.toLocaleString('bn-BD')} মি.সে.`, '২,০০০ মি.সে.'],
    ] as const) {
      const labels = rightEdgeOfLabels(draw(formatY));
      expect(labels.map((each) => each.length)).toContain(label.length);
      // Right-aligned at x: each label's left end (about 7 px a character at 12 px) stays inside the chart.
      for (const { x, length } of labels) expect(x - 6.5 * length).toBeGreaterThanOrEqual(0);
    }
  });

  it('rounds the axis top up to a round figure', () => {
    expect([niceCeiling(0), niceCeiling(0.3), niceCeiling(1834), niceCeiling(96), niceCeiling(2400)]).toEqual([1, 0.5, 2000, 100, 2500]);
  });
});
