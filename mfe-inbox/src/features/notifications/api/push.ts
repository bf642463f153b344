import type { PushSubscriptionBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** The key this browser subscribes with; 404 where pushes are not offered. */
export const getPushKey = () => api.getPushKey();

/** The devices the person gets pushes on. */
export const listPushDevices = () => api.listPushDevices();

/** This browser's subscription, told to the API. */
export const savePushDevice = (subscription: PushSubscriptionBody) => api.subscribePush({ body: subscription });

export const removePushDevice = (id: string) => api.unsubscribePush({ params: { id } });
