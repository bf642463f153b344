import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Outcome } from './outcome';

/** Puts every element at `top` (px from the window's top), 40 px tall, and records the scrolls asked for. */
function placeAt(top: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top, bottom: top + 40, left: 0, right: 300, width: 300, height: 40, x: 0, y: top, toJSON: () => ({}) });
}

describe('an outcome (what just happened after a form was sent)', () => {
  const scrolled: ScrollIntoViewOptions[] = [];
  const matchMedia = window.matchMedia;
  beforeEach(() => {
    scrolled.length = 0;
    Object.defineProperty(window, 'innerHeight', { value: 740, configurable: true });
    HTMLElement.prototype.scrollIntoView = function (options?: boolean | ScrollIntoViewOptions) {
      scrolled.push(options as ScrollIntoViewOptions);
    };
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.matchMedia = matchMedia;
  });

  it('is brought into view when it appears above the screen, and read out as a status', () => {
    placeAt(-116);
    render(<Outcome>Offer sent</Outcome>);
    expect(screen.getByRole('status')).toHaveTextContent('Offer sent');
    expect(scrolled).toEqual([{ block: 'center', behavior: 'smooth' }]);
  });

  it('is brought into view when it appears below the screen', () => {
    placeAt(900);
    render(<Outcome role="alert">Refused</Outcome>);
    expect(screen.getByRole('alert')).toHaveTextContent('Refused');
    expect(scrolled).toHaveLength(1);
  });

  it('stays put when it is already on the screen, or when the page shows it as it loads', () => {
    placeAt(300);
    render(<Outcome>Saved</Outcome>);
    placeAt(-500);
    render(<Outcome reveal={false}>Shown on arrival</Outcome>);
    expect(scrolled).toEqual([]);
  });

  it('moves at once for a person who asks for reduced motion', () => {
    placeAt(-116);
    window.matchMedia = ((query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
    render(<Outcome>Offer sent</Outcome>);
    expect(scrolled).toEqual([{ block: 'center', behavior: 'auto' }]);
  });
});
