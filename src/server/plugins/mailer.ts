import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { MAIL_RULE } from '../logger.ts';

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType?: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the text (an invoice's PDF); the log names them. */
  attachments?: MailAttachment[];
  /** Where replies go when not to the sender (a workspace's own address). */
  replyTo?: string;
  /**
   * The Message-ID header (`<…@…>`), for an email that may be sent again: receivers drop a
   * second copy with the same one. Without it nodemailer makes up a new one each time.
   */
  messageId?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Whether mail leaves the server (SMTP_URL is set); false when it only reaches the log. */
  delivers: boolean;
}

/** The SMTP timeouts (milliseconds) nodemailer applies to a send. */
export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

/**
 * Nodemailer's timeouts, set rather than left at its defaults (two minutes to connect, ten
 * of silence), which outlasted a delivery job's expiry: the job could be run again while
 * its first run was still sending. Nodemailer 10 counts the greeting within the connection
 * timeout; the socket timeout is of silence, once connected.
 */
export const SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionTimeout: 30_000,
  greetingTimeout: 30_000,
  socketTimeout: 60_000,
};

/**
 * The longest one send may last, from the timeouts: its connection, its greeting and one
 * socket timeout's worth of exchange. The socket timeout is of silence, so a server that
 * answers slowly but steadily (or an SMTP_URL that sets longer timeouts) could hold a send
 * longer: at this limit it is aborted and counts as failed.
 */
export const sendLimitMs = (t: SmtpTimeouts) =>
  t.connectionTimeout + t.greetingTimeout + t.socketTimeout;

/** The server's limit for one send; a job that sends mail expires after it (invoice-email.service.ts). */
export const SEND_LIMIT_MS = sendLimitMs(SMTP_TIMEOUTS);

/**
 * Mail goes through SMTP_URL when it is set; otherwise it is written to the server log,
 * so a self-hosted Keel works (and its invitation links can be copied) without a mail server.
 */
export function createMailer(
  smtpUrl: string | undefined,
  log: FastifyBaseLogger,
  from = 'Keel <no-reply@keel.local>',
  /** Shorter in tests of a slow mail server. */
  timeouts: SmtpTimeouts = SMTP_TIMEOUTS,
): Mailer {
  if (!smtpUrl) {
    return {
      delivers: false,
      async send(mail) {
        const { message, links } = loggedMail(mail);
        const attachments = mail.attachments?.map((a) => a.filename);
        log.info(
          {
            mail: {
              to: mail.to,
              subject: mail.subject,
              links,
              ...(attachments && { attachments }),
            },
          },
          message,
        );
      },
    };
  }
  const transport = nodemailer.createTransport({ url: smtpUrl, ...timeouts });
  const limitMs = sendLimitMs(timeouts);
  return {
    delivers: true,
    async send({ attachments, ...mail }) {
      await transport.sendMail({
        from,
        ...mail,
        signal: AbortSignal.timeout(limitMs),
        ...(attachments && {
          attachments: attachments.map((a) => ({
            filename: a.filename,
            content: Buffer.from(a.content),
            ...(a.contentType && { contentType: a.contentType }),
          })),
        }),
      });
    },
  };
}

const LINK = /https?:\/\/\S+/g;

/**
 * An email as the log shows it when no SMTP server sends it: framed by rules under a
 * heading that says it was not sent, with To and Subject, and every link of the text on a
 * line of its own, so that it is found in a scrolling terminal and copied whole by a
 * double or triple click. The links are also answered apart, for the JSON line's `mail`.
 */
export function loggedMail(mail: Mail): { message: string; links: string[] } {
  const links = mail.text.match(LINK) ?? [];
  const body = mail.text.split('\n').flatMap((line) => {
    if (line.trim() === '') return [''];
    // Split around each link (the capture keeps it), one line for each piece.
    return line
      .split(/(https?:\/\/\S+)/)
      .map((part) => part.trim())
      .filter((part) => part !== '');
  });
  const message = [
    `Email not sent (no SMTP_URL is set)${links.length > 0 ? ': pass its link on to the recipient yourself' : ''}`,
    MAIL_RULE,
    `To:      ${mail.to}`,
    `Subject: ${mail.subject}`,
    ...(mail.attachments ?? []).map(
      (a) => `Attached: ${a.filename} (${Math.max(1, Math.round(a.content.byteLength / 1024))} KB)`,
    ),
    '',
    ...body,
    MAIL_RULE,
  ].join('\n');
  return { message, links };
}
