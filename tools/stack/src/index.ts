export * from './services.js';
export { launch, type Launched } from './launch.js';
export { appFolders, buildApps } from './build-apps.js';
