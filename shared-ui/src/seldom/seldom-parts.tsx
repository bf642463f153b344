// Parts few pages show — a seller's reviews, a file to upload, a confirmation (closed until asked) — load when first shown (lazyParts), not with every first
// page (bench:web's budget). The shell's server loads them before it renders, so a page it composes has them whole.
// Their styles stay with the first page's, so a composed page is styled from its first paint.
import '../confirm-dialog/confirm-dialog.module.css';
import '../file-field/file-field.module.css';
import '../review-list/review-list.module.css';
import '../qr-link/qr-link.module.css';
import { lazyParts } from '../lazy-parts/lazy-parts';

const { load, part } = lazyParts(() => import('./index'));

/** Loads these parts (the shell's server, before it renders). */
export const loadSeldomParts = load;
export const ReviewList = part('ReviewList', (module) => module.ReviewList, 160);
export const ReviewReply = part('ReviewReply', (module) => module.ReviewReply, 48);
export const FileField = part('FileField', (module) => module.FileField, 72);
export const ConfirmDialog = part('ConfirmDialog', (module) => module.ConfirmDialog, 0);
/** A link to open on another phone, with its QR code (issue 68). */
export const QrLink = part('QrLink', (module) => module.QrLink, 320);
