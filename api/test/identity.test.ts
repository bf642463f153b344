import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createHarness, firebaseSignUp, json, uniqueEmail, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('POST /users', () => {
  it('registers the signed-in user once; a repeat (a second Google sign-in) returns the same account', async () => {
    const email = uniqueEmail('twice');
    const { idToken } = await firebaseSignUp(email);
    const payload = { name: 'Rafi Islam', email, role: 'Seller' };
    const first = await h.app.inject({ method: 'POST', url: '/users', headers: auth(idToken), payload });
    expect(first.statusCode).toBe(201);
    expect(json(first)).toMatchObject({ acknowledged: true, created: true, user: { name: 'Rafi Islam', email, role: 'Seller', verified: false } });

    const again = await h.app.inject({ method: 'POST', url: '/users', headers: auth(idToken), payload: { ...payload, role: 'Buyer' } });
    expect(again.statusCode).toBe(200);
    const second = json<{ created: boolean; user: { _id: string; role: string } }>(again);
    expect(second.created).toBe(false);
    expect(second.user._id).toBe(json<{ user: { _id: string } }>(first).user._id);
    // The role is not switched by a repeat.
    expect(second.user.role).toBe('Seller');
  });

  it('needs a Firebase ID token', async () => {
    const response = await h.app.inject({ method: 'POST', url: '/users', payload: { name: 'X', email: uniqueEmail('x'), role: 'Buyer' } });
    expect(response.statusCode).toBe(401);
    const forged = await h.app.inject({ method: 'POST', url: '/users', headers: auth('not-a-token'), payload: { name: 'X', email: uniqueEmail('x'), role: 'Buyer' } });
    expect(forged.statusCode).toBe(401);
  });

  it("refuses to register someone else's email", async () => {
    const { idToken } = await firebaseSignUp(uniqueEmail('me'));
    const response = await h.app.inject({ method: 'POST', url: '/users', headers: auth(idToken), payload: { name: 'X', email: uniqueEmail('victim'), role: 'Buyer' } });
    expect(response.statusCode).toBe(403);
  });

  it('accepts only Buyer or Seller as a role, naming the field', async () => {
    const email = uniqueEmail('climber');
    const { idToken } = await firebaseSignUp(email);
    const response = await h.app.inject({ method: 'POST', url: '/users', headers: auth(idToken), payload: { name: 'X', email, role: 'admin' } });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ fields: [{ field: 'role' }] });
  });

  it('names every bad field', async () => {
    const { idToken } = await firebaseSignUp(uniqueEmail('bad'));
    const response = await h.app.inject({ method: 'POST', url: '/users', headers: auth(idToken), payload: { name: '  ', email: 'nope' } });
    expect(response.statusCode).toBe(400);
    const fields = json<{ fields: { field: string }[] }>(response).fields.map(({ field }) => field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'email', 'role']));
  });

  it('makes the configured ADMIN_EMAILS admins, whatever role they asked for', async () => {
    const admin = await h.admin();
    const response = await h.app.inject({ method: 'GET', url: `/users/admin/${admin.email}`, headers: auth(admin.accessToken) });
    expect(json(response)).toEqual({ isAdmin: true });
  });
});

describe('GET /jwt', () => {
  it('exchanges a Firebase ID token for a one-hour access token with id, email and role', async () => {
    const seller = await h.register('Seller');
    const claims = decodeJwt(seller.accessToken);
    expect(claims).toMatchObject({ sub: seller.id, email: seller.email, role: 'Seller' });
    expect(claims.exp! - claims.iat!).toBe(3600);
  });

  it('refuses without a valid ID token (401) or for another email (403)', async () => {
    const buyer = await h.register('Buyer');
    const url = `/jwt?email=${encodeURIComponent(buyer.email)}`;
    expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url, headers: auth('garbage') })).statusCode).toBe(401);
    // The API's own access token is not a Firebase sign-in.
    expect((await h.app.inject({ method: 'GET', url, headers: auth(buyer.accessToken) })).statusCode).toBe(401);
    const other = await h.register('Buyer');
    expect((await h.app.inject({ method: 'GET', url, headers: auth(other.idToken) })).statusCode).toBe(403);
  });

  it('refuses an email with no PhoneHaat account yet', async () => {
    const email = uniqueEmail('stranger');
    const { idToken } = await firebaseSignUp(email);
    const response = await h.app.inject({ method: 'GET', url: `/jwt?email=${email}`, headers: auth(idToken) });
    expect(response.statusCode).toBe(403);
    expect(json(response).message).toMatch(/register/);
  });

  it('asks who the caller is before reading what they sent (401 for a bad sign-in), then 400s a malformed email', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/jwt?email=not-an-email', headers: auth('x') })).statusCode).toBe(401);
    const buyer = await h.register('Buyer');
    const response = await h.app.inject({ method: 'GET', url: '/jwt?email=not-an-email', headers: auth(buyer.idToken) });
    expect(response.statusCode).toBe(400);
  });
});

describe('access tokens', () => {
  it('rejects a tampered or foreign token', async () => {
    const buyer = await h.register('Buyer');
    const [header, payload] = buyer.accessToken.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(buyer.accessToken), role: 'admin' })).toString('base64url')}.${buyer.accessToken.split('.')[2]}`;
    expect(payload).toBeDefined();
    const response = await h.app.inject({ method: 'GET', url: '/users/allbuyers', headers: auth(forged) });
    expect(response.statusCode).toBe(401);
  });
});

describe('role checks', () => {
  it('answers for yourself and, for an admin, for anyone', async () => {
    const seller = await h.register('Seller');
    const buyer = await h.register('Buyer');
    const admin = await h.admin();
    const ask = (path: string, token: string) => h.app.inject({ method: 'GET', url: path, headers: auth(token) });
    expect(json(await ask(`/users/seller/${seller.email}`, seller.accessToken))).toEqual({ isSeller: true });
    expect(json(await ask(`/users/buyers/${seller.email}`, seller.accessToken))).toEqual({ isBuyer: false });
    expect(json(await ask(`/users/admin/${seller.email}`, seller.accessToken))).toEqual({ isAdmin: false });
    expect(json(await ask(`/users/buyers/${buyer.email}`, admin.accessToken))).toEqual({ isBuyer: true });
    expect((await ask(`/users/seller/${seller.email}`, buyer.accessToken)).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'GET', url: `/users/seller/${seller.email}` })).statusCode).toBe(401);
  });

  it('tells the signed-in person their account and role (GET /me), by who they are rather than their address', async () => {
    const seller = await h.register('Seller');
    const admin = await h.admin();
    const me = (token: string) => h.app.inject({ method: 'GET', url: '/me', headers: auth(token) });
    expect(json(await me(seller.accessToken))).toEqual({ _id: seller.id, name: seller.name, email: seller.email, role: 'Seller', verified: false });
    expect(json(await me(admin.accessToken))).toMatchObject({ role: 'admin' });
    expect((await h.app.inject({ method: 'GET', url: '/me' })).statusCode).toBe(401);
  });

  it('answers for an e-mail address as long as sign-up takes (254 characters), and refuses a longer path clearly', async () => {
    // 64 characters before the @ and 189 after: the longest address there is.
    const email = `${'r'.repeat(56)}${randomUUID().slice(0, 8)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(56)}.test`;
    expect(email.length).toBe(254);
    const buyer = await h.signUp(email, 'Buyer');
    const ask = (path: string) => h.app.inject({ method: 'GET', url: path, headers: auth(buyer.accessToken) });
    expect(json(await ask('/me'))).toMatchObject({ email, role: 'Buyer' });
    expect(json(await ask(`/users/buyers/${encodeURIComponent(email)}`))).toEqual({ isBuyer: true });
    expect(json(await ask(`/users/seller/${encodeURIComponent(email)}`))).toEqual({ isSeller: false });
    expect(json(await ask(`/users/admin/${encodeURIComponent(email)}`))).toEqual({ isAdmin: false });
    const tooLong = await ask(`/users/buyers/${'x'.repeat(1100)}%40example.com`);
    expect(tooLong.statusCode).toBe(414);
    expect(json(tooLong)).toEqual({ statusCode: 414, error: 'URI Too Long', message: 'This address is too long', requestId: expect.any(String) });
  });
});
