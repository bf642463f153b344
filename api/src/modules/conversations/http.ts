// The conversations module's routes, registered by app.ts.
export { conversationRoutes } from './routes/conversations.ts';
