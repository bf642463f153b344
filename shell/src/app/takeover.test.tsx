import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { carryFrom, restoreInto } from './takeover';

/** A page with a text field and two filters, as a composed page and React's own render both show it. */
function Filters() {
  const [words, setWords] = useState('');
  const [picked, setPicked] = useState<string[]>(['Good']);
  const toggle = (name: string) => setPicked((now) => (now.includes(name) ? now.filter((item) => item !== name) : [...now, name]));
  return (
    <form>
      <input aria-label="Words" value={words} onChange={(event) => setWords(event.target.value)} />
      {['Excellent', 'Good'].map((name) => (
        <label key={name}>
          <input type="checkbox" checked={picked.includes(name)} onChange={() => toggle(name)} />
          {name}
        </label>
      ))}
      <output>
        {words || 'no words'} · {picked.join(', ') || 'no filter'}
      </output>
    </form>
  );
}

describe('taking over a composed page', () => {
  it('carries what was typed and ticked before the app started into the page React rendered', async () => {
    // The server's HTML, as the visitor changed it before the app's code ran.
    const composed = document.createElement('div');
    composed.innerHTML = renderToString(<Filters />);
    document.body.append(composed);
    const [words, excellent, good] = Array.from(composed.querySelectorAll('input'));
    words!.value = 'pixel';
    excellent!.checked = true;
    good!.checked = false;
    const carried = carryFrom(composed);
    composed.remove();

    const { container } = render(<Filters />);
    expect(screen.getByRole('status')).toHaveTextContent('no words · Good');
    act(() => restoreInto(container, carried));
    expect(screen.getByRole('status')).toHaveTextContent('pixel · Excellent');
    expect(screen.getByRole('checkbox', { name: 'Excellent' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Good' })).not.toBeChecked();
  });

  it('changes nothing the visitor left alone', () => {
    const composed = document.createElement('div');
    composed.innerHTML = renderToString(<Filters />);
    const carried = carryFrom(composed);
    expect(carried).toEqual({ values: [], checked: [], focus: undefined });
    const { container } = render(<Filters />);
    act(() => restoreInto(container, carried));
    expect(screen.getByRole('status')).toHaveTextContent('no words · Good');
  });
});
