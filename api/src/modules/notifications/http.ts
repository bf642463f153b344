// The notifications module's routes, registered by app.ts.
export { notificationRoutes } from './routes/notifications.ts';
export { pushRoutes } from './routes/push.ts';
