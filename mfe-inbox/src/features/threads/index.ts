// What the rest of the inbox may use of the threads feature: sending into a thread and reporting a message.
export { reportMessage, sendMessage } from './api/threads';
