import { act, screen } from '@testing-library/react';
import { useEffect, useLayoutEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceEarlyInput, readEarlyInput, replaySubmits, replayTaps, takeEarlySubmits, takeEarlyTaps } from './early-input';

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

// A form on a composed page, with index.html's own recorders running as they do in the browser.
function Booking({ onSend }: { onSend: (phone: string) => void }) {
  const [phone, setPhone] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend(phone);
      }}
    >
      <label>
        Phone
        <input value={phone} onChange={(event) => setPhone(event.target.value)} />
      </label>
      <button type="submit">Send</button>
    </form>
  );
}

describe('a form sent before the app started', () => {
  const recorders = [...readFileSync(join(process.cwd(), 'index.html'), 'utf8').matchAll(/<script>([^<]+)<\/script>/g)].map((match) => match[1]!);
  // Each recorder once, as index.html's head runs them.
  recorders.forEach((code) => new Function(code)());

  function composedPage() {
    const container = document.createElement('div');
    container.id = 'root';
    container.setAttribute('data-composed', '');
    container.innerHTML = renderToString(<Booking onSend={() => undefined} />);
    document.body.append(container);
    return container;
  }

  it('is kept from the browser (no plain HTML submit), then sent once by the app with what was typed', async () => {
    const container = composedPage();
    const form = container.querySelector('form')!;
    container.querySelector('input')!.value = '01811-000111';
    const submitted = vi.fn();
    form.addEventListener('submit', submitted);
    const event = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: container.querySelector('button') });
    form.dispatchEvent(event);
    // Not sent: the browser would have reloaded the page with an empty query.
    expect(event.defaultPrevented).toBe(true);
    expect(submitted).not.toHaveBeenCalled();

    const early = readEarlyInput(container);
    const onSend = vi.fn();
    await act(async () => void (root = hydrateRoot(container, <Booking onSend={onSend} />)));
    await act(async () => announceEarlyInput(early));
    const submits = takeEarlySubmits();
    await act(async () => replaySubmits(submits));
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith('01811-000111');
    expect(window.__phonehaatSubmits).toBeUndefined();

    // Once started, a form goes to React alone, and only once.
    await act(async () => form.requestSubmit(container.querySelector('button')));
    expect(onSend).toHaveBeenCalledTimes(2);
  });

  it('waits, asking React to hydrate it, while its part is not hydrated yet (its code still loading)', async () => {
    const container = composedPage();
    const form = container.querySelector('form')!;
    container.querySelector('input')!.value = '01911-000222';
    form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: container.querySelector('button') }));
    const hydrate = vi.fn();
    replaySubmits(takeEarlySubmits(), hydrate);
    expect(hydrate).toHaveBeenCalledWith(form);
    const onSend = vi.fn();
    await act(async () => void (root = hydrateRoot(container, <Booking onSend={onSend} />)));
    await act(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
    // Sent once, with what was typed before its part had hydrated.
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith('01911-000222');
  });

  it('is not sent again when its button has been disabled or the form has gone meanwhile', () => {
    const container = composedPage();
    const form = container.querySelector('form')!;
    const button = container.querySelector('button')!;
    const requestSubmit = vi.spyOn(form, 'requestSubmit');
    button.disabled = true;
    replaySubmits([{ form, submitter: button }]);
    form.remove();
    replaySubmits([{ form, submitter: null }]);
    expect(requestSubmit).not.toHaveBeenCalled();
  });
});
