import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A real SMTP server on 127.0.0.1 that keeps every message it receives, parsed; for tests of mail end to end. */
export interface SmtpReceiver {
  /** An SMTP_URL for the server under test (the test server's self-signed STARTTLS certificate accepted). */
  readonly url: string;
  /** Every message received so far, in order of arrival. */
  readonly mails: ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: ParsedMail[] = [];
  const smtp = new SMTPServer({
    logger: false, authOptional: true,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => simpleParser(Buffer.concat(chunks)).then((mail) => (mails.push(mail), callback()), callback));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?tls.rejectUnauthorized=false`,
    mails,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
