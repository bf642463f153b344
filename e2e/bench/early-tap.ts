// The early tap of issue 24: on a CPU slowed 4×, a returning buyer taps Book Now on their composed brand page 200 ms
// after its first paint. How long until the booking form is on screen, and the interaction's INP as the browser's
// Event Timing API reports it (what web-vitals' onINP reads).
import { chromium } from '@playwright/test';
import type { Account } from './common';
import { chromiumArgs, executablePath, signIn } from './common';

export interface EarlyTap {
  /** From the tap (its pointerdown) to the booking form in the DOM. */
  openMs: number;
  /** The longest Event Timing entry of the tap's interaction (its INP, the page's only interaction). */
  inpMs: number;
  /** When the tap happened, after the first paint. */
  tapAfterPaintMs: number;
}

const TAP_AFTER_PAINT_MS = 200;

// Runs in the page from its first byte: the first paint (told to the benchmark at once, with where the button is and how
// long ago the paint was), the tap, the form appearing, the interaction's timing.
const recorder = (button: string) => `(() => {
  const m = (window.__earlyTap = { paint: undefined, tap: undefined, open: undefined, inp: 0 });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (m.paint !== undefined || (entry.name !== 'first-paint' && entry.name !== 'first-contentful-paint')) continue;
      m.paint = entry.startTime;
      const box = document.querySelector('button[aria-label^=' + JSON.stringify(${JSON.stringify(button)}) + ']')?.getBoundingClientRect();
      window.__painted(performance.now() - m.paint, box && { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.interactionId) m.inp = Math.max(m.inp, entry.duration);
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
  addEventListener('pointerdown', (event) => (m.tap ??= event.timeStamp), true);
  // A dialog React renders, or a native one opened (an attribute, not a new element).
  new MutationObserver(() => {
    if (m.open === undefined && document.querySelector('[role="dialog"], dialog[open]')) m.open = performance.now();
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['open'] });
})();`;

interface Recorded {
  paint?: number;
  tap?: number;
  open?: number;
  inp: number;
}

/** One cold load of the page as `account`, the tap, and what it cost. */
export async function measureEarlyTap(url: string, account: Account, button: string): Promise<EarlyTap> {
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await signIn(page, account);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    let painted!: (at: { since: number; box?: { x: number; y: number } }) => void;
    const paint = new Promise<{ since: number; box?: { x: number; y: number }; received: number }>(
      (resolve) => (painted = (at) => resolve({ ...at, received: performance.now() })),
    );
    await page.exposeFunction('__painted', (since: number, box?: { x: number; y: number }) => painted({ since, box }));
    await page.addInitScript({ content: recorder(button) });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'commit' });
    const { since, box, received } = await paint;
    if (!box) throw new Error(`${button}: not on the first screen`);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, TAP_AFTER_PAINT_MS - since - (performance.now() - received))));
    await page.mouse.click(box.x, box.y);
    await page.waitForFunction(() => (window as unknown as { __earlyTap: Recorded }).__earlyTap.open !== undefined, undefined, { timeout: 30_000 });
    await page.waitForTimeout(500); // the interaction's Event Timing entry is reported after its next paint
    const m = await page.evaluate(() => (window as unknown as { __earlyTap: Recorded }).__earlyTap);
    return { openMs: m.open! - m.tap!, inpMs: m.inp, tapAfterPaintMs: m.tap! - m.paint! };
  } finally {
    await browser.close();
  }
}
