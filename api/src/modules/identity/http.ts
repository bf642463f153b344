// The identity module's routes, registered by app.ts.
export { adminRoutes } from './routes/admin.ts';
export { phoneRoutes } from './routes/phone.ts';
export { userRoutes } from './routes/users.ts';
