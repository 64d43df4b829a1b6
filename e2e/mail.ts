import { SMTPServer } from 'smtp-server';

/** The code as our mails state it ("code is 123456", "code: 123456"), never a number in an address. */
const CODE = /\bcode(?: is|:) (\d{6})\b/;

/** A real SMTP receiver for browser tests: the server under test mails its codes here. */
export class MailCatcher {
  private mails: { to: string; raw: string }[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        for (const to of session.envelope.rcptTo) this.mails.push({ to: to.address.toLowerCase(), raw });
        callback();
      });
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.server.address();
    return `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The six-digit code of the newest mail to `to`, waiting up to 10 s for one. */
  async code(to: string): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const mail = [...this.mails].reverse().find((m) => m.to === to.toLowerCase() && CODE.test(m.raw));
      if (mail) return CODE.exec(mail.raw)![1]!;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no code mailed to ${to}`);
  }
}
