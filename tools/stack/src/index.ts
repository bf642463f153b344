export * from './services.js';
export { launch, type Launched } from './launch.js';
