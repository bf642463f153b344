import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** An e-mail as the SMTP server accepted it. */
export interface ReceivedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Each header as it was sent (unfolded), by its lower-case name. */
  headers: Map<string, string>;
}

export interface TestSmtp {
  port: number;
  received: ReceivedEmail[];
  /** Resolves once `count` e-mails have arrived (or rejects after the timeout). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEmail[]>;
  /** While set, the server takes a message's data and never answers it (a send hangs mid-conversation). */
  stall: boolean;
  /** Resolves when a message's data has started to arrive. */
  dataStarted(): Promise<void>;
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) on 127.0.0.1, on the given port or any free one. */
export async function startSmtp(port = 0): Promise<TestSmtp> {
  const received: ReceivedEmail[] = [];
  const waiters = new Set<() => void>();
  const dataWaiters = new Set<() => void>();
  const smtp: TestSmtp = {
    port: 0,
    received,
    stall: false,
    waitFor(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received.slice());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${received.length} of ${count} e-mails arrived in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    dataStarted: () => new Promise((resolve) => dataWaiters.add(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      for (const wake of dataWaiters) wake();
      dataWaiters.clear();
      if (smtp.stall) {
        // Read and never answer: the sender waits for the 250 that never comes.
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: typeof mail.to === 'object' && !Array.isArray(mail.to) ? mail.to.text : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            messageId: mail.messageId ?? '',
            headers: new Map(mail.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim()])),
          });
          callback();
          for (const wake of waiters) wake();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  smtp.port = (server.server.address() as { port: number }).port;
  return smtp;
}
