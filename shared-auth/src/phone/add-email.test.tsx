import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as actions from '../actions';
import { AddEmail } from './add-email';
import { ApiRequestError } from '@phonehaat/shared-data';
import { setSession } from '../testing';

vi.mock('../actions', async (original) => ({ ...(await original<typeof actions>()), requestEmailLink: vi.fn(), addEmailAddress: vi.fn() }));

const stale = 'This link is used or too old: ask for a new one in Settings';

beforeEach(() => {
  vi.mocked(actions.requestEmailLink).mockReset().mockResolvedValue({ acknowledged: true });
  vi.mocked(actions.addEmailAddress).mockReset();
  setSession({ role: 'Buyer' });
});

describe('AddEmail', () => {
  it('e-mails a link to the address, in the page’s language, and says where it went; a bad address or a refusal is told', async () => {
    vi.mocked(actions.requestEmailLink).mockRejectedValueOnce(new ApiRequestError('This e-mail address is used by another account: use another address', 409));
    render(<AddEmail />);
    await userEvent.type(screen.getByLabelText('E-mail address'), 'rafiq@');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Enter an e-mail address, e.g. name@example.com')).toBeInTheDocument();
    expect(actions.requestEmailLink).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('E-mail address'), 'example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('This e-mail address is used by another account: use another address')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('E-mail address'));
    await userEvent.type(screen.getByLabelText('E-mail address'), ' Rafiq@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(/We sent a link to/)).toHaveTextContent('We sent a link to rafiq@example.com. Open it on this device, signed in as you are now; it works for 24 hours.');
    expect(actions.requestEmailLink).toHaveBeenLastCalledWith('Rafiq@Example.com', 'en');
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeInTheDocument();
  });

  it('adds the address when the person comes back by the link, once, and says so', async () => {
    // As over a network: a moment passes before the answer.
    vi.mocked(actions.addEmailAddress).mockImplementation(() => new Promise((resolve) => setTimeout(() => resolve('rafiq@example.com'), 50)));
    const onLinkUsed = vi.fn();
    const { rerender } = render(<AddEmail linkToken={"t".repeat(43)} onLinkUsed={onLinkUsed} />);
    // "Adding…" first, then what came of it.
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent("rafiq@example.com is added: PhoneHaat's e-mails go there now."));
    rerender(<AddEmail linkToken={undefined} onLinkUsed={onLinkUsed} />);
    expect(screen.getByRole('status')).toHaveTextContent('rafiq@example.com is added');
    expect(actions.addEmailAddress).toHaveBeenCalledExactlyOnceWith('t'.repeat(43));
    expect(onLinkUsed).toHaveBeenCalledOnce();
  });

  it('tells a used or old link, and offers to send a new one', async () => {
    vi.mocked(actions.addEmailAddress).mockRejectedValue(new ApiRequestError(stale, 400, [{ field: 'token', message: stale }]));
    render(<AddEmail linkToken={'u'.repeat(43)} />);
    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send link' })).toBeInTheDocument();
  });
});
