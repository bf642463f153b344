import { act, screen } from '@testing-library/react';
import { useEffect, useLayoutEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceEarlyInput, readEarlyInput, replayTaps, takeEarlyTaps } from './early-input';

// A form as a remote's page renders it: every field controlled by the component's state.
function Form({ onFiles }: { onFiles?: (names: string[]) => void }) {
  const [name, setName] = useState('');
  const [urgent, setUrgent] = useState(false);
  const [area, setArea] = useState('Mirpur');
  const [open, setOpen] = useState(false);
  const [, setRendered] = useState(0);
  // A component that renders again as it starts (React's #33130): the fields would go back to the state's values.
  useLayoutEffect(() => setRendered(1), []);
  useEffect(() => setOpen(false), []);
  return (
    <form>
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label>
        Urgent
        <input type="checkbox" checked={urgent} onChange={(event) => setUrgent(event.target.checked)} />
      </label>
      <label>
        Area
        <select value={area} onChange={(event) => setArea(event.target.value)}>
          <option>Mirpur</option>
          <option>Dhanmondi</option>
        </select>
      </label>
      <label>
        Photos
        <input type="file" multiple onChange={(event) => onFiles?.([...(event.target.files ?? [])].map((file) => file.name))} />
      </label>
      <button type="button" onClick={() => setOpen(true)}>
        Menu
      </button>
      <p>{`${name || 'nobody'} · ${urgent ? 'urgent' : 'whenever'} · ${area} · ${open ? 'menu open' : 'menu closed'}`}</p>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  delete document.documentElement.dataset.hydrating;
});

function serverPage() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  return container;
}

describe('what a person did before the app started', () => {
  it('reaches the page once it is hydrated: typed text, a ticked box, a chosen option, chosen photos, a tap', async () => {
    const container = serverPage();
    const field = (label: string) =>
      [...container.querySelectorAll('label')].find((each) => each.textContent?.startsWith(label))!.querySelector('input, select') as HTMLInputElement & HTMLSelectElement;
    // The person, on the server's HTML alone.
    field('Name').value = 'Rina';
    field('Urgent').checked = true;
    field('Area').value = 'Dhanmondi';
    const photos = [new File(['x'], 'front.jpg'), new File(['y'], 'back.jpg')];
    Object.defineProperty(field('Photos'), 'files', { value: Object.assign(photos, { item: (i: number) => photos[i] }) });
    window.__phonehaatTaps = [container.querySelector('button')!];

    const taps = takeEarlyTaps();
    const early = readEarlyInput(container);
    const onFiles = vi.fn();
    await act(async () => void (root = hydrateRoot(container, <Form onFiles={onFiles} />)));
    await act(async () => {
      announceEarlyInput(early);
      replayTaps(taps);
    });

    expect(screen.getByText('Rina · urgent · Dhanmondi · menu open')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Rina');
    expect(screen.getByLabelText('Urgent')).toBeChecked();
    expect(onFiles).toHaveBeenCalledWith(['front.jpg', 'back.jpg']);
    // The recorder in index.html stops once React handles taps itself.
    expect(document.documentElement.dataset.hydrating).toBe('');
    expect(window.__phonehaatTaps).toBeUndefined();
  });

  it('hands over nothing the person did not change, and skips a tapped button that has gone', async () => {
    const container = serverPage();
    const gone = document.createElement('button');
    expect(readEarlyInput(container)).toEqual([]);
    await act(async () => void (root = hydrateRoot(container, <Form />)));
    const click = vi.spyOn(gone, 'click');
    replayTaps([gone]);
    expect(click).not.toHaveBeenCalled();
    expect(screen.getByText('nobody · whenever · Mirpur · menu closed')).toBeInTheDocument();
  });
});
