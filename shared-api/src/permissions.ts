/** The roles; users.ts builds its zod enum from this list. This module has no imports, so browsers load it without zod. */
export const roles = ['Buyer', 'Seller', 'admin'] as const;
export type Role = (typeof roles)[number];

/**
 * Named permissions, shared by the API (which enforces them) and the frontends (whose guards only
 * mirror them for comfort). `:own` rules also need the resource to belong to the caller.
 */
export const rolePermissions = {
  Buyer: ['browse:products', 'create:report', 'create:booking', 'read:booking:own', 'pay:booking:own', 'create:thread', 'read:thread:own', 'read:notification:own', 'save:search:own', 'watch:product', 'create:review:own', 'release:booking:own', 'dispute:booking:own', 'upload:photo', 'read:delivery:own', 'verify:phone:own', 'create:offer', 'read:offer:own', 'answer:offer:own', 'check:handover:own', 'confirm:neir:own'],
  Seller: [
    'browse:products',
    'create:report',
    'create:product',
    'upload:photo',
    'read:product:own',
    'update:product:own',
    'delete:product:own',
    'advertise:product:own',
    'read:listing-bookings:own',
    'create:thread',
    'read:thread:own',
    'read:notification:own',
    'save:search:own',
    'watch:product',
    'reply:review:own',
    'enter:handover-code:own',
    'manage:payout-wallet:own',
    'read:earnings:own',
    'manage:pickup:own',
    'send:parcel:own',
    'read:delivery:own',
    'verify:phone:own',
    'read:offer:own',
    'answer:offer:own',
    // Issue 68: a listing's check in the phone's own browser, and NEIR's de-registration at the handover.
    'check:product:own',
    'confirm:neir:own',
  ],
  admin: [
    'browse:products',
    'create:report',
    'read:product:any',
    'delete:product:any',
    'read:listing-bookings:any',
    'read:user:any',
    'verify:seller:any',
    'delete:user:any',
    'moderate:listing:any',
    'read:audit:any',
    'manage:imei-blocklist:any',
    'delete:review:any',
    'read:notification:own',
    'send:digest:any',
    'read:rum:any',
    'decide:dispute:any',
    'read:money:any',
    'review:payment:any',
    'settle:courier:any',
    'verify:phone:own',
    'reset:phone:any',
  ],
} as const satisfies Record<Role, readonly string[]>;

export type Permission = (typeof rolePermissions)[Role][number];

export function hasPermission(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (rolePermissions[role] as readonly string[]).includes(permission);
}
