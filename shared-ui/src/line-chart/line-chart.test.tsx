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

  it('rounds the axis top up to a round figure', () => {
    expect([niceCeiling(0), niceCeiling(0.3), niceCeiling(1834), niceCeiling(96), niceCeiling(2400)]).toEqual([1, 0.5, 2000, 100, 2500]);
  });
});
