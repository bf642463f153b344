export { api, apiUrl, ApiRequestError, type ApiClient, type ApiInput, type ApiOutput, type RequestOptions } from './api-client';
export { env } from './config/env';
export { finishPhoneSignUp, requestSignInCode, signIn, signInWithPhoneCode, signUp, signInWithGoogle, signInWithGoogleIdToken, signOut, startSession, sessionReady } from './actions';
export { loadFirebase } from './firebase';
export { authErrorMessage } from './firebase';
export { currentUser, setHydrationSession, useSession, type SessionUser, type SessionState, type SessionStatus } from './session-store';
export { currentRole, RoleUnavailableError, useRole, type RoleAnswer } from './role';
export { RequireSignedIn, RequirePermission } from './guards';
export { settle, useApi, type ApiState } from './use-api';
export { useDelivery } from './delivery';
export { VerifyPhone } from './verify-phone';
export { PhoneGate, type PhoneGatePurpose } from './phone-gate';
export { askForConfirmation, ConfirmCodeField } from './confirm-code';
export { useAction, type Action } from './use-action';
export { paths, patterns } from './routes';
export { accessToken } from './token';
/** The live stream (messages, "seen"): loaded when first needed, one instance for the shell and every remote. */
export const loadLive = () => import('./live');
export type { LiveStatus } from './live';
