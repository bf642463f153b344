export { startFakePush, type FakePush, type FakePushSwitches, type ReceivedPush, type Subscription } from './server.js';
export { DEV_VAPID, checkVapid, VapidRefused } from './vapid.js';
