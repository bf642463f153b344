import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi, type Handler } from '@phonehaat/shared-data/testing';
import { PushSettings } from './push-settings';

const KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';
const device = { _id: 'd0000000-0000-4000-8000-000000000001', endpoint: ENDPOINT, device: 'Chrome, Android', createdAt: '2026-11-28T10:00:00.000Z' };
const keys = { p256dh: `B${'b'.repeat(86)}`, auth: 'c'.repeat(22) };

/** A browser with service workers, push and notifications, its permission and its subscription as given. */
function browserWithPush(permission: NotificationPermission, answer: NotificationPermission = permission) {
  let subscription: unknown = null;
  const subscribe = vi.fn(async () => {
    subscription = { endpoint: ENDPOINT, options: { applicationServerKey: null }, toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys }), unsubscribe: vi.fn(async () => true) };
    return subscription;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => subscription } };
  const notification = { permission, requestPermission: vi.fn(async () => ((notification.permission = answer), answer)) };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve(registration), getRegistration: async () => registration } });
  return { subscribe, notification };
}

function show(routes: Record<string, Handler>) {
  const calls = mockApi(routes);
  render(<PushSettings />);
  return calls;
}

beforeEach(() => setSession({ role: 'Buyer' }));
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('pushes on this device', () => {
  it('is not offered where the API has no key for them', async () => {
    const calls = show({ 'GET /push/key': [404, { message: 'Push notifications are not offered here' }], 'GET /me/push-subscriptions': { items: [] } });
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/push/key'))).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Pushes on this device' })).not.toBeInTheDocument();
  });

  it('says so where the browser cannot get pushes', async () => {
    show({ 'GET /push/key': { publicKey: KEY }, 'GET /me/push-subscriptions': { items: [] } });
    expect(await screen.findByText(/This browser cannot get pushes/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('turns on after the browser is allowed: subscribes with the key and tells the API; off tells the API', async () => {
    const { subscribe, notification } = browserWithPush('default', 'granted');
    const calls = show({ 'GET /push/key': { publicKey: KEY }, 'GET /me/push-subscriptions': { items: [] }, 'POST /me/push-subscriptions': [201, device], [`DELETE /me/push-subscriptions/${device._id}`]: { deletedCount: 1 } });
    const pushes = await screen.findByRole('switch', { name: 'Get pushes on this device' });
    expect(pushes).not.toBeChecked();
    await userEvent.click(pushes);
    await waitFor(() => expect(pushes).toBeChecked());
    expect(notification.requestPermission).toHaveBeenCalled();
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ endpoint: ENDPOINT, expirationTime: null, keys });
    await userEvent.click(pushes);
    await waitFor(() => expect(pushes).not.toBeChecked());
    expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith(`/me/push-subscriptions/${device._id}`))).toBe(true);
  });

  it('stays off, says how to allow them, and tells the API nothing when the person blocks notifications', async () => {
    const { subscribe } = browserWithPush('default', 'denied');
    const calls = show({ 'GET /push/key': { publicKey: KEY }, 'GET /me/push-subscriptions': { items: [] } });
    await userEvent.click(await screen.findByRole('switch', { name: 'Get pushes on this device' }));
    expect(await screen.findByText(/Notifications are blocked for PhoneHaat in this browser/)).toBeInTheDocument();
    expect(screen.getByRole('switch')).not.toBeChecked();
    expect(subscribe).not.toHaveBeenCalled();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows the device on when this browser is the one the API knows', async () => {
    browserWithPush('granted');
    const subscription = { endpoint: ENDPOINT };
    (navigator.serviceWorker as unknown as { getRegistration(): Promise<unknown> }).getRegistration = async () => ({ pushManager: { getSubscription: async () => subscription } });
    show({ 'GET /push/key': { publicKey: KEY }, 'GET /me/push-subscriptions': { items: [device] } });
    await waitFor(async () => expect(await screen.findByRole('switch', { name: 'Get pushes on this device' })).toBeChecked());
  });
});
