// The notifications module's public entry: what other modules and the API's composition (services.ts, app.ts) may use of it.
export { notificationEvents } from './events.ts';
export { createNotifier, type EmailQueue, type Notifier } from './notifier.ts';
export { createPushDelivery } from './push/delivery.ts';
export { createPushSender } from './push/sender.ts';
export { createNotificationsRepository, type NotificationEvent, type NotificationsRepository, type Recorded, type Told } from './repositories/notifications.ts';
export { createPushSubscriptionsRepository } from './repositories/push-subscriptions.ts';
