import { describe, expect, it } from 'vitest';
import { sessionFromCookie, SESSION_COOKIE } from './claims';
import { accessToken, sessionHint, syncSessionCookie } from './token';

const token = (claims: Record<string, unknown>) =>
  ['e30', btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'signature'].join('.');
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const cookie = (value: unknown) => `ph_visitor=abc; ${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify(value))}; other=1`;

describe("the session cookie the shell's server reads", () => {
  it('gives the user, their role and token from a good cookie', () => {
    const good = token({ email: 'Rina@Example.com', role: 'Seller', exp: inAnHour() });
    expect(sessionFromCookie(cookie({ token: good, name: 'Rina' }))).toMatchObject({ token: good, name: 'Rina', email: 'rina@example.com', role: 'Seller' });
  });

  it.each([
    ['no cookie at all', undefined],
    ['no session cookie', 'ph_visitor=abc'],
    ['an empty one (signed out)', `${SESSION_COOKIE}=`],
    ['one that is not JSON', `${SESSION_COOKIE}=%7Bnope`],
    ['one without a name', cookie({ token: token({ email: 'rina@example.com', role: 'Buyer', exp: inAnHour() }) })],
    ['a token about to expire', cookie({ token: token({ email: 'rina@example.com', role: 'Buyer', exp: Math.floor(Date.now() / 1000) + 30 }), name: 'Rina' })],
    ['a token with an unknown role', cookie({ token: token({ email: 'rina@example.com', role: 'root', exp: inAnHour() }), name: 'Rina' })],
    ['something that is not a token', cookie({ token: 'not-a-token', name: 'Rina' })],
  ])('gives no session for %s', (_case, header) => {
    expect(sessionFromCookie(header)).toBeNull();
  });

  it('is written while the browser would remember the session, and removed with it', () => {
    sessionHint.set({ email: 'rina@example.com', name: 'Rina' });
    accessToken.set(token({ email: 'rina@example.com', role: 'Buyer', exp: inAnHour() }));
    expect(sessionFromCookie(document.cookie)).toMatchObject({ email: 'rina@example.com', name: 'Rina', role: 'Buyer' });
    accessToken.clear();
    expect(sessionFromCookie(document.cookie)).toBeNull();
    // A token that the browser would not use at once is not offered to the server either.
    accessToken.set(token({ email: 'someone@example.com', role: 'admin', exp: inAnHour() }));
    syncSessionCookie();
    expect(sessionFromCookie(document.cookie)).toBeNull();
    sessionHint.clear();
    accessToken.clear();
  });
});
