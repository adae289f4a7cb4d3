import type { Transporter } from "nodemailer";
import type { Mailer } from "../../application/outbox-ports.ts";
import type { EmailMessage } from "../../domain/event.ts";

/** Bounds on one SMTP exchange: a stalled server fails the attempt (the outbox tries again) instead of holding it. */
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 15_000;

/** Sends email through the SMTP server of SMTP_URL (`smtps://`: TLS from the start; `smtp://`: STARTTLS when offered). */
export class SmtpMailer implements Mailer {
  /** Made with the first email: nodemailer is loaded then, not at every start. */
  private transport: Promise<Transporter> | undefined;

  /**
   * @param smtpUrl `smtp://user:pass@host:port` or `smtps://…`; nodemailer's query options (`?tls.rejectUnauthorized=false`) apply.
   * @param from The sender of every email (MAIL_FROM).
   */
  constructor(private readonly smtpUrl: string, private readonly from: string) {}

  private transportOf(): Promise<Transporter> {
    this.transport ??= import("nodemailer").then(({ createTransport }) => createTransport({
      url: this.smtpUrl,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      greetingTimeout: GREETING_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    }));
    return this.transport;
  }

  /** Resolves once the server accepted the message; rejects when it refused it or could not be reached in time. */
  async send(message: EmailMessage): Promise<void> {
    // Plain text only: every email carries its link in the text, and no HTML part means no HTML to sanitize.
    const transport = await this.transportOf();
    await transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }

  /** Closes the transport's connections. */
  async close(): Promise<void> {
    const transport = await this.transport?.catch(() => undefined);
    transport?.close();
  }
}
