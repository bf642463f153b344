// An e-mail a person asked for that carries one link to a PhoneHaat page (a new password, an address to add): sent at
// once through PhoneHaat's mail server, in the person's language, with no unsubscribe (nothing to unsubscribe from).
import { randomUUID } from 'node:crypto';
import type { Language } from '@phonehaat/shared-api/languages';
import type { Mailer } from './mailer.ts';

export interface LinkWords {
  subject: string;
  lines: string[];
  /** The link's words. */
  action: string;
  /** What to do if it was not them. */
  ignore: string;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export async function sendLinkEmail(mailer: Mailer, to: string, words: Record<Language, LinkWords>, language: Language, link: string): Promise<void> {
  const say = words[language];
  await mailer.send({
    to,
    messageId: randomUUID(),
    subject: say.subject,
    text: [...say.lines, '', `${say.action}: ${link}`, '', say.ignore].join('\n'),
    html: `${say.lines.map((line) => `<p>${escape(line)}</p>`).join('')}<p><a href="${escape(link)}">${escape(say.action)}</a></p><p>${escape(say.ignore)}</p>`,
  });
}
