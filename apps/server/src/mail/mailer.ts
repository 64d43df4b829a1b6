import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail over SMTP when SMTP_URL is set; otherwise writes each mail to DATA_DIR/outbox as an
 * .eml file and names the file in the log, so a self-hoster without mail still gets the codes.
 * Callers do not wait for delivery: a request must not take longer for one address than another.
 */
export class Mailer {
  private transport: Transporter | null;
  private readonly outbox: string;
  private pending = new Set<Promise<void>>();

  constructor(
    private readonly opts: { smtpUrl: string | undefined; from: string; dataDir: string },
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
    this.outbox = path.join(opts.dataDir, 'outbox');
  }

  /** Queues a mail; failures are logged, never thrown to the request. */
  send(mail: Mail): void {
    const job = this.deliver(mail).catch((error: unknown) => this.log.error({ err: error }, 'mail delivery failed'));
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  /** Resolves when every queued mail has been handed over (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  close(): void {
    this.transport?.close();
  }

  private async deliver(mail: Mail): Promise<void> {
    const message = { from: this.opts.from, to: mail.to, subject: mail.subject, text: mail.text };
    if (this.transport) {
      await this.transport.sendMail(message);
      this.log.info('mail sent');
      return;
    }
    await fs.promises.mkdir(this.outbox, { recursive: true });
    const file = path.join(this.outbox, `${Date.now()}-${randomUUID().slice(0, 8)}.eml`);
    const raw = `From: ${message.from}\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`;
    await fs.promises.writeFile(file, raw);
    this.log.info({ file }, 'mail written to the outbox (no SMTP_URL set)');
  }
}
