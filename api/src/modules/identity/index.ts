// The identity module's public entry: what other modules and the API's composition (services.ts, app.ts) may use of it.
export { AppVerificationMissing, checkPhoneAppVerification } from './auth/app-verification.ts';
export { createBrowserLog, deviceOf } from './auth/browsers.ts';
export { createFirebaseIdentity, type IdentityProvider, IdentityUnavailableError, type VerifiedIdentity } from './auth/identity.ts';
export { createPhoneCodes } from './auth/phone-codes.ts';
export { createPhoneVerification } from './auth/phone-verification.ts';
export { createTokenService, type TokenService } from './auth/tokens.ts';
export { createUsersRepository, type UserRow, type UsersRepository } from './repositories/users.ts';
