import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** Where phone codes go. An install plugs in its SMS gateway by implementing this. */
export interface SmsProvider {
  send(to: string, text: string): Promise<void>;
}

/** The default provider: writes each SMS to DATA_DIR/outbox as a .sms file and logs the file name. */
export class OutboxSms implements SmsProvider {
  constructor(
    private readonly dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(to: string, text: string): Promise<void> {
    const outbox = path.join(this.dataDir, 'outbox');
    await fs.promises.mkdir(outbox, { recursive: true });
    const file = path.join(outbox, `${Date.now()}-${randomUUID().slice(0, 8)}.sms`);
    await fs.promises.writeFile(file, `To: ${to}\n\n${text}\n`);
    this.log.info({ file }, 'SMS written to the outbox (no SMS gateway configured)');
  }
}
