export * from './common.js';
export * from './users.js';
export * from './brands.js';
export * from './products.js';
export * from './bookings.js';
export * from './payments.js';
export * from './search.js';
export { hasPermission, rolePermissions, type Permission } from './permissions.js';
export { CONDITIONS, MAX_PHOTOS, MAX_UPLOAD_BYTES } from './limits.js';
