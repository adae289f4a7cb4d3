import type { Mailer } from "../../application/outbox-ports.ts";
import type { EmailMessage } from "../../domain/event.ts";
import type { Logger } from "../logger.ts";

/** Writes each email to the log as one line (`"msg":"email"`, `to`, `subject`, `text`): development without SMTP_URL. */
export class LogMailer implements Mailer {
  constructor(private readonly logger: Logger) {}

  /** Never fails: the line is the delivery. */
  async send({ to, subject, text }: EmailMessage): Promise<void> {
    this.logger.info({ to, subject, text }, "email");
  }

  /** Nothing to close: present so either mailer can be closed alike. */
  async close(): Promise<void> {}
}
