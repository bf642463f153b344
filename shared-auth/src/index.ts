import './credentials';
export { env } from './config/env';
export { addEmailAddress, finishPhoneSignUp, requestEmailLink, requestSignInCode, signIn, signInWithPhoneCode, signUp, signInWithGoogle, signInWithGoogleIdToken, signOut, startSession, sessionReady } from './actions';
export { loadFirebase } from './firebase';
export { authErrorMessage } from './firebase';
export { currentUser, setHydrationSession, useSession, type SessionUser, type SessionState, type SessionStatus } from './session-store';
export { currentRole, RoleUnavailableError, useRole, type RoleAnswer } from './role';
export { RequireSignedIn, RequirePermission } from './guards';
export { useDelivery } from './delivery';
export { AddEmail, ConfirmCodeField, loadPhoneParts, VerifyPhone } from './phone-parts';
export { PhoneGate, useVerifiedNumber, type PhoneGatePurpose } from './phone-gate';
export { askForConfirmation } from './confirm-code';
export { paths, patterns } from './routes';
export { accessToken } from './token';
/** The live stream (messages, "seen"): loaded when first needed, one instance for the shell and every remote. */
export const loadLive = () => import('./live');
export type { LiveStatus } from './live';
export { AppCheckFailed } from './app-verification';
