import type { PushSubscriptionBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** This browser's subscription, told to the API. */
export const savePushDevice = (subscription: PushSubscriptionBody) => api.subscribePush({ body: subscription });

/** No more pushes to this device. */
export const removePushDevice = (id: string) => api.unsubscribePush({ params: { id } });
