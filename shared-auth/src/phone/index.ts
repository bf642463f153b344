// The forms loaded when first shown (phone-parts.tsx): one chunk, with its words.
export { AddEmail } from './add-email';
export { ConfirmCodeField } from './confirm-code-field';
export { VerifyPhone } from './verify-phone';
