import { createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** One message the sink received, decoded enough for a test to read its text. */
export interface SunkMail {
  /** RCPT TO addresses. */
  to: string[];
  subject: string;
  text: string;
  /** The Reply-To header, when the message has one. */
  replyTo?: string;
  /** The Message-ID header (`<…@…>`), by which receivers tell a second copy of a message. */
  messageId?: string;
  /** The files of a multipart message (an invoice's PDF), decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/**
 * A loopback SMTP server that accepts every message and keeps it: point SMTP_URL at
 * `url` and the server's mailer (nodemailer) delivers to it as to a real relay. Plain SMTP
 * only (no STARTTLS, no AUTH); one-part text messages, or multipart ones whose text/plain
 * part is the text and whose other parts are attachments (what Keel sends).
 */
export interface SmtpSink {
  url: string;
  mails: SunkMail[];
  /** The first message to `to` whose text matches, waiting for it up to `timeoutMs`. */
  waitFor(to: string, options?: { match?: RegExp; timeoutMs?: number }): Promise<SunkMail>;
  close(): Promise<void>;
}

export async function startSmtpSink({
  replyDelayMs = 0,
}: {
  /** Each reply after the greeting this late: a slow mail server. */
  replyDelayMs?: number;
} = {}): Promise<SmtpSink> {
  const mails: SunkMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.setEncoding('latin1');
    let buffer = '';
    let inData = false;
    let data: string[] = [];
    let rcpt: string[] = [];
    const write = (line: string) => socket.write(`${line}\r\n`);
    const reply =
      replyDelayMs > 0
        ? (line: string) => void setTimeout(() => !socket.destroyed && write(line), replyDelayMs)
        : write;
    write('220 keel-test-sink ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(parseMessage(rcpt, data));
            data = [];
            rcpt = [];
            reply('250 OK: queued');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-keel-test-sink');
          reply('250 8BITMIME');
        } else if (verb === 'HELO' || verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') {
          if (verb === 'RSET') rcpt = [];
          reply('250 OK');
        } else if (verb === 'RCPT') {
          const address = /<([^>]*)>/.exec(line)?.[1];
          if (address) rcpt.push(address.toLowerCase());
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Command not implemented');
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('The SMTP sink has no port');

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    async waitFor(to, { match, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find(
          (mail) => mail.to.includes(to.toLowerCase()) && (!match || match.test(mail.text)),
        );
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `No email to ${to}${match ? ` matching ${match}` : ''} within ${timeoutMs} ms`,
          );
        }
        await sleep(50);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function parseHeaders(headerLines: string[]): Map<string, string> {
  // Folded headers continue on lines that start with white space.
  const headers = new Map<string, string>();
  let last = '';
  for (const line of headerLines) {
    if (/^\s/.test(line) && last) {
      headers.set(last, `${headers.get(last)} ${line.trim()}`);
    } else {
      const colon = line.indexOf(':');
      last = line.slice(0, colon).trim().toLowerCase();
      headers.set(last, line.slice(colon + 1).trim());
    }
  }
  return headers;
}

interface Part {
  headers: Map<string, string>;
  bytes: Buffer;
}

/** A message or a part: its headers, and its leaf parts (itself when not multipart). */
function parseParts(lines: string[]): { headers: Map<string, string>; leaves: Part[] } {
  const blank = lines.indexOf('');
  const headers = parseHeaders(blank < 0 ? lines : lines.slice(0, blank));
  const bodyLines = blank < 0 ? [] : lines.slice(blank + 1);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const leaves: Part[] = [];
    let current: string[] | null = null;
    for (const line of bodyLines) {
      if (line === `--${boundary}` || line === `--${boundary}--`) {
        if (current) leaves.push(...parseParts(current).leaves);
        current = line.endsWith('--') && line !== `--${boundary}` ? null : [];
      } else if (current) current.push(line);
    }
    return { headers, leaves };
  }
  const body = bodyLines.join('\r\n');
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, 'latin1');
  return { headers, leaves: [{ headers, bytes }] };
}

function parseMessage(to: string[], lines: string[]): SunkMail {
  const { headers, leaves } = parseParts(lines);
  const isAttachment = (part: Part) =>
    /attachment|filename=/i.test(part.headers.get('content-disposition') ?? '') ||
    !/^text\/plain/i.test(part.headers.get('content-type') ?? 'text/plain');
  const textPart = leaves.find((part) => !isAttachment(part));
  return {
    to,
    subject: decodeWords(headers.get('subject') ?? ''),
    ...(headers.has('reply-to') && { replyTo: headers.get('reply-to')!.replace(/^.*<|>.*$/g, '') }),
    ...(headers.has('message-id') && { messageId: headers.get('message-id')! }),
    text: (textPart?.bytes.toString('utf8') ?? '').replace(/\r\n/g, '\n'),
    attachments: leaves.filter(isAttachment).map((part) => ({
      filename: decodeWords(
        /filename="?([^";]+)"?/i.exec(part.headers.get('content-disposition') ?? '')?.[1] ??
          /name="?([^";]+)"?/i.exec(part.headers.get('content-type') ?? '')?.[1] ??
          '',
      ),
      contentType: (part.headers.get('content-type') ?? '').split(';')[0]!.trim(),
      content: part.bytes,
    })),
  };
}

function decodeQuotedPrintable(body: string): Buffer {
  const soft = body.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(soft.charCodeAt(i));
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header. */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g,
    (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
  );
}
