// A local push service (RFC 8030), as a browser's push service (FCM, Mozilla's autopush) answers an application
// server: POST the encrypted push to the subscription's address with TTL, Content-Encoding: aes128gcm and VAPID
// (RFC 8292); 201 Created with a Location; 404 for an address it never gave, 410 for one gone; 400 without TTL or with
// a bad Topic or Urgency; 413 over 4096 bytes. What tests need is under /__fake/: the browser's side of a subscription
// (its keys, so the push can be read as the service worker would get it), the pushes received, and switches.
import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import ece from 'http_ece';
import { listen } from '@phonehaat/local-server';
import { checkVapid, VapidRefused } from './vapid.js';

export interface Subscription {
  id: string;
  endpoint: string;
  applicationServerKey: string | undefined;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  gone: boolean;
}

/** A push as received (and as the browser would decrypt it). */
export interface ReceivedPush {
  id: string;
  endpoint: string;
  ttl: number;
  urgency: string;
  topic: string | undefined;
  receivedAt: string;
  /** The decrypted payload (the text the service worker's PushEvent.data holds). */
  payload: string;
  /** Replaced by a later push with the same topic before the device took it. */
  replaced: boolean;
}

export interface FakePushSwitches {
  /** The next this many pushes are answered 503 (the service is having a bad moment). */
  unavailable: number;
  /**
   * While on, a push is taken (it counts as received) but not answered until the switch is off again: its sender
   * waits, as one killed mid-send would never hear back.
   */
  stall: boolean;
}

export interface FakePush {
  url: string;
  port: number;
  subscribe(applicationServerKey?: string): Subscription;
  received: readonly ReceivedPush[];
  switches: FakePushSwitches;
  close(): Promise<void>;
}

const URGENCIES = ['very-low', 'low', 'normal', 'high'];

async function readBytes(request: IncomingMessage, max: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= max) chunks.push(chunk);
  }
  return size <= max ? Buffer.concat(chunks) : undefined;
}

const send = (response: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/json' }), 'cache-control': 'no-store', ...headers });
  response.end(body === undefined ? undefined : JSON.stringify(body));
};
/** The push service's error shape (Mozilla's autopush answers JSON with code, errno, error and message). */
const refuse = (response: ServerResponse, status: number, message: string) => send(response, status, { code: status, error: message, message });

export async function startFakePush(options: { port?: number; host?: string; logger?: (message: string) => void } = {}): Promise<FakePush> {
  const log = options.logger ?? (() => undefined);
  const subscriptions = new Map<string, Subscription>();
  const received: ReceivedPush[] = [];
  const switches: FakePushSwitches = { unavailable: 0, stall: false };
  let base = '';

  function subscribe(applicationServerKey?: string): Subscription {
    const id = randomBytes(16).toString('base64url');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const subscription: Subscription = {
      id,
      endpoint: `${base}/push/${id}`,
      applicationServerKey,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      ecdh,
      gone: false,
    };
    subscriptions.set(id, subscription);
    return subscription;
  }
  const asJson = (s: Subscription) => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys });

  async function push(request: IncomingMessage, response: ServerResponse, id: string) {
    const subscription = subscriptions.get(id);
    if (!subscription) return refuse(response, 404, 'No such subscription');
    if (subscription.gone) return refuse(response, 410, 'The subscription has expired or was unsubscribed');
    try {
      checkVapid(request.headers.authorization, base, subscription.applicationServerKey);
    } catch (error) {
      if (error instanceof VapidRefused) return refuse(response, error.status, error.message);
      throw error;
    }
    const ttl = request.headers.ttl;
    if (ttl === undefined || !/^\d+$/.test(String(ttl))) return refuse(response, 400, 'The TTL header is required (RFC 8030 §5.2)');
    const urgency = String(request.headers.urgency ?? 'normal');
    if (!URGENCIES.includes(urgency)) return refuse(response, 400, 'Urgency must be very-low, low, normal or high');
    const topic = request.headers.topic === undefined ? undefined : String(request.headers.topic);
    if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return refuse(response, 400, 'Topic must be at most 32 base64url characters');
    const body = await readBytes(request, 4096);
    if (!body) return refuse(response, 413, 'The payload is larger than 4096 bytes');
    if (body.length && request.headers['content-encoding'] !== 'aes128gcm') return refuse(response, 415, 'Content-Encoding must be aes128gcm');
    if (switches.unavailable > 0) {
      switches.unavailable -= 1;
      return refuse(response, 503, 'Service unavailable');
    }
    let payload = '';
    try {
      if (body.length) payload = ece.decrypt(body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.keys.auth }).toString('utf8');
    } catch (error) {
      return refuse(response, 400, `The payload cannot be decrypted: ${(error as Error).message}`);
    }
    // A push with the topic of one the device has not taken yet replaces it (RFC 8030 §5.4).
    if (topic) for (const earlier of received) if (earlier.endpoint === subscription.endpoint && earlier.topic === topic) earlier.replaced = true;
    const message: ReceivedPush = { id: randomUUID(), endpoint: subscription.endpoint, ttl: Number(ttl), urgency, topic, receivedAt: new Date().toISOString(), payload, replaced: false };
    received.push(message);
    log(`fake push: ${subscription.endpoint} got a push (${body.length} bytes, urgency ${urgency})`);
    while (switches.stall && !request.socket.destroyed) await new Promise((resolve) => setTimeout(resolve, 50));
    if (request.socket.destroyed) return;
    return send(response, 201, undefined, { location: `${base}/message/${message.id}` });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', base);
    const { pathname } = url;
    const method = request.method ?? 'GET';
    if (method === 'GET' && pathname === '/health') return send(response, 200, { ok: true });
    const target = /^\/push\/([\w-]+)$/.exec(pathname);
    if (target) return method === 'POST' ? push(request, response, target[1]!) : refuse(response, 405, 'Push with POST');
    // For tests: what the browser does when a page calls PushManager.subscribe (makes its keys, asks the service for an address).
    if (method === 'POST' && pathname === '/__fake/subscriptions') {
      const text = (await readBytes(request, 4096))?.toString('utf8') ?? '';
      const asked = text ? (JSON.parse(text) as { applicationServerKey?: string }) : {};
      return send(response, 201, asJson(subscribe(asked.applicationServerKey)));
    }
    // The browser's unsubscribe, or the service's own expiry: pushes to it are answered 410 from now on.
    const gone = /^\/__fake\/subscriptions\/([\w-]+)\/gone$/.exec(pathname);
    if (method === 'POST' && gone) {
      const subscription = subscriptions.get(gone[1]!);
      if (!subscription) return refuse(response, 404, 'No such subscription');
      subscription.gone = true;
      return send(response, 200, asJson(subscription));
    }
    if (method === 'GET' && pathname === '/__fake/pushes') {
      const endpoint = url.searchParams.get('endpoint');
      return send(response, 200, { data: received.filter((push) => !endpoint || push.endpoint === endpoint) });
    }
    if (pathname === '/__fake/switches') {
      if (method === 'POST') Object.assign(switches, JSON.parse((await readBytes(request, 4096))?.toString('utf8') || '{}') as Partial<FakePushSwitches>);
      return send(response, 200, switches);
    }
    return refuse(response, 404, 'Not found');
  }

  const server = await listen(handle, { host: options.host, port: options.port, name: 'fake push', log, failed: (response) => refuse(response, 500, 'Internal error') });
  base = server.url;
  return { url: server.url, port: server.port, subscribe, received, switches, close: () => server.close() };
}
