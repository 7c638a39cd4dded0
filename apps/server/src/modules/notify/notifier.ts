import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../core/db/database.js';
import { recordMessage } from './outbox.repository.js';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message (a statement's PDF); the outbox records their names only. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Sends text messages (SMS). Real providers implement this; the default only logs. */
export interface SmsProvider {
  readonly name: string;
  send(to: string, text: string): Promise<void>;
}

/** The default SMS provider: the message goes to the log and the outbox only. */
export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  async send(): Promise<void> {}
}

/**
 * E-mail goes out through SMTP when `SMTP_URL` is set; otherwise it is written to the log.
 * Every message, sent or not, lands in the outbox operators can read.
 */
export class Notifier {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
    options: { smtpUrl: string; from: string; sms?: SmsProvider },
    private readonly now: () => number = Date.now,
  ) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl, { from: options.from })
      : undefined;
    this.sms = options.sms ?? new LogSmsProvider();
  }

  private readonly sms: SmsProvider;

  async email(message: OutgoingMessage): Promise<void> {
    if (!this.transport) {
      // One line a developer can spot, code included: there is no mailbox to look in.
      this.log.info({}, `e-mail to ${message.to} not sent (no SMTP_URL): ${message.text}`);
      await this.record('email', message, 'logged', null);
      return;
    }
    try {
      await this.transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.attachments ? { attachments: message.attachments } : {}),
      });
      await this.record('email', message, 'sent', null);
    } catch (err) {
      this.log.error({ err, to: message.to }, 'e-mail failed');
      await this.record('email', message, 'failed', err instanceof Error ? err.message : String(err));
      throw err;
    }
  }

  async text(to: string, text: string): Promise<void> {
    await this.sms.send(to, text);
    if (this.sms.name === 'log') this.log.info({}, `SMS to ${to} not sent (no SMS provider): ${text}`);
    await this.record('sms', { to, subject: '', text }, this.sms.name === 'log' ? 'logged' : 'sent', null);
  }

  close(): void {
    this.transport?.close();
  }

  private async record(
    channel: 'email' | 'sms',
    m: OutgoingMessage,
    status: string,
    error: string | null,
  ): Promise<void> {
    await recordMessage(this.db, {
      channel,
      recipient: m.to,
      subject: m.subject,
      body: m.attachments?.length
        ? `${m.text}\n\n[${m.attachments.map((a) => a.filename).join(', ')}]`
        : m.text,
      status,
      error,
      created_at: this.now(),
    });
  }
}
