import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Whether mail leaves the server (SMTP_URL is set); false when it only reaches the log. */
  delivers: boolean;
}

/**
 * Mail goes through SMTP_URL when it is set; otherwise it is written to the server log,
 * so a self-hosted Keel works (and its invitation links can be copied) without a mail server.
 */
export function createMailer(
  smtpUrl: string | undefined,
  log: FastifyBaseLogger,
  from = 'Keel <no-reply@keel.local>',
): Mailer {
  if (!smtpUrl) {
    return {
      delivers: false,
      async send(mail) {
        log.info(
          { mail: { to: mail.to, subject: mail.subject } },
          `Email (no SMTP_URL set):\n${mail.text}`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    delivers: true,
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
