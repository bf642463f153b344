// The conversations module's public entry: what other modules and the API's composition (services.ts, app.ts) may use of it.
export { createHub, type Hub } from './hub.ts';
export { createStreamTicketsRepository } from './repositories/stream-tickets.ts';
export { createThreadsRepository, type ThreadsRepository } from './repositories/threads.ts';
export { createHeldMessages } from './repositories/held-messages.ts';
