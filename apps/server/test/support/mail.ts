/**
 * A real SMTP server in the test process (the `smtp-server` package) that keeps what nodemailer sends, parsed
 * (`mailparser`): how server and browser tests read the mail the product sends. No TLS (STARTTLS is not
 * offered, so nodemailer talks plain SMTP on loopback); with `auth`, the credentials of SMTP_URL are required.
 * `hold()` keeps the next messages unacknowledged until released: an SMTP server slower than any answer.
 */
import { type AddressInfo } from 'node:net';

import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Same ceiling as an MQTT message wait (support/mqtt.ts): a wait ends when the mail arrives. */
export const MAIL_WAIT_MS = 20_000;

export interface ReceivedMail {
  /** The envelope's recipients, as the SMTP server got them (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

export interface SmtpInboxOptions {
  /** Require SMTP AUTH with these credentials (allowed without TLS: loopback only). */
  auth?: { user: string; pass: string };
}

export class SmtpInbox {
  readonly mails: ReceivedMail[] = [];
  /** MAIL FROM commands seen: a message the product started to send, delivered or not yet. */
  mailFromCount = 0;
  private waiters: { matches: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  private gate: Promise<void> | null = null;

  private readonly server: SMTPServer;
  private listeningPort = 0;

  private constructor(private readonly credentials: SmtpInboxOptions['auth']) {
    this.server = new SMTPServer({
      disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !credentials,
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (credentials && auth.username === credentials.user && auth.password === credentials.pass)
          return callback(null, { user: auth.username });
        return callback(new Error('Credenciales inválidas'));
      },
      onMailFrom: (_address, _session, callback) => {
        this.mailFromCount += 1;
        callback();
      },
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then(async (parsed) => {
            await this.gate;
            this.receive({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              parsed,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  static async start(options: SmtpInboxOptions = {}): Promise<SmtpInbox> {
    const inbox = new SmtpInbox(options.auth);
    await new Promise<void>((resolve, reject) => {
      inbox.server.once('error', reject);
      inbox.server.listen(0, '127.0.0.1', () => resolve());
    });
    inbox.listeningPort = (inbox.server.server.address() as AddressInfo).port;
    return inbox;
  }

  get port(): number {
    return this.listeningPort;
  }

  /** The SMTP_URL that reaches this server (with its credentials, when it asks for them). */
  get url(): string {
    const credentials = this.credentials
      ? `${encodeURIComponent(this.credentials.user)}:${encodeURIComponent(this.credentials.pass)}@`
      : '';
    return `smtp://${credentials}127.0.0.1:${this.port}`;
  }

  /** The next mail to `address` (one already received counts), or a failure after the ceiling. */
  mailTo(address: string, matches: (mail: ReceivedMail) => boolean = () => true): Promise<ReceivedMail> {
    const wanted = (mail: ReceivedMail) => mail.to.includes(address) && matches(mail);
    const seen = this.mails.find(wanted);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no mail to ${address} within ${MAIL_WAIT_MS} ms`)),
        MAIL_WAIT_MS,
      );
      this.waiters.push({
        matches: wanted,
        resolve: (mail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      });
    });
  }

  /** Every mail received for `address` so far. */
  mailsTo(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to.includes(address));
  }

  /** Holds every message from now on (read, not acknowledged) until the returned function is called. */
  hold(): () => void {
    let release = () => undefined as void;
    this.gate = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.gate = null;
      release();
    };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private receive(mail: ReceivedMail): void {
    this.mails.push(mail);
    for (const waiter of [...this.waiters]) {
      if (!waiter.matches(mail)) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(mail);
    }
  }
}

/** The reset link in a mail's plain text, and its token. */
export function resetLinkIn(mail: { text: string; subject: string }): { url: string; token: string } {
  const url = /https?:\/\/\S+\/restablecer-contrasena\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  const token = url ? new URL(url).searchParams.get('token') : null;
  if (!url || !token) throw new Error(`no reset link in the mail "${mail.subject}"`);
  return { url, token };
}
