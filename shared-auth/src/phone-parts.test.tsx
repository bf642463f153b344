// The phone and e-mail forms load when first shown; once loaded, a server render has them whole in its HTML (the shell's
// server loads them before it renders a page), never the placeholder that stands in while they load in a browser.
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AddEmail, ConfirmCodeField, loadPhoneParts } from './phone-parts';
import { setSession } from './testing';

describe('the phone and e-mail forms', () => {
  it('show a placeholder while they load in a browser, then the form with its words', async () => {
    setSession({ role: 'Buyer', email: '' });
    const { container } = render(<AddEmail />);
    expect(screen.queryByLabelText('E-mail address')).not.toBeInTheDocument();
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
    expect(await screen.findByLabelText('E-mail address')).toBeInTheDocument();
    expect(container.querySelector('[aria-hidden="true"]')).toBeNull();
  });

  it('render whole on a server once loaded: the form and its words in the HTML, not the placeholder', async () => {
    await loadPhoneParts();
    const html = renderToString(<ConfirmCodeField sent={{ verificationId: 'v1', phoneEnding: '78' }} code="" onCode={() => undefined} onResend={() => undefined} />);
    expect(html).toContain('data-testid="confirm-code"');
    expect(html).toContain('Code sent to your number');
    expect(html).toContain('ending 78');
    expect(html).not.toContain('aria-hidden="true"');
  });
});
