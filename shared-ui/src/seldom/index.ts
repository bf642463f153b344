// Parts few pages show (seldom-parts.tsx): one chunk, loaded when first shown.
export { ConfirmDialog } from '../confirm-dialog/confirm-dialog';
export { FileField } from '../file-field/file-field';
export { ReviewList, ReviewReply } from '../review-list/review-list';
export { QrLink } from '../qr-link/qr-link';
