import nodemailer from 'nodemailer';
import type { EmailContent } from './templates.ts';

export interface OutgoingEmail extends EmailContent {
  to: string;
  /** The outbox row's idempotency key: a resend after a crash is the same message to the mail stores. */
  messageId: string;
  /** RFC 8058: where a mail client's one-click unsubscribe POSTs; none on a message the person asked for (a reset link). */
  unsubscribeUrl?: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/** A real SMTP conversation (nodemailer): resolves only when the server has accepted the message (its 250). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, { from });
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'phonehaat.local';
  return {
    async send(email) {
      await transport.sendMail({
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: `<${email.messageId}@${domain}>`,
        headers: email.unsubscribeUrl
          ? {
              'List-Unsubscribe': `<${email.unsubscribeUrl}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            }
          : {},
      });
    },
    close: () => transport.close(),
  };
}

/** A rejection the server will repeat whatever we do (a 5xx: no such mailbox, refused): not worth retrying. */
export const isPermanent = (error: unknown): boolean => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};
