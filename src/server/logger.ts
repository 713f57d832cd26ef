import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from './config.ts';

/** The rules above and below an email written to the log (mailer.ts), and its first line. */
export const MAIL_RULE = '─'.repeat(64);

/**
 * Fastify's logging options: JSON lines for machines (a pipe, a file, a container's log
 * collector), pino-pretty for a person at a terminal (LOG_FORMAT, by default pretty only when
 * stdout is a TTY), with one line per request. pino-pretty runs as a stream in this process
 * rather than as a pino transport: the server runs as an esbuild bundle, where a transport's
 * worker thread finds no worker file, and a stream takes the function below, which a
 * transport's options cannot carry.
 */
export async function loggingOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  destination: NodeJS.WritableStream | number = 1,
): Promise<Pick<FastifyServerOptions, 'logger' | 'logController'>> {
  if (config.logFormat === 'json') {
    const stream = typeof destination === 'number' ? {} : { stream: destination };
    return { logger: { level: config.logLevel, ...stream } };
  }
  const { default: pretty } = await import('pino-pretty');
  const stream = pretty({
    destination,
    // Written at once: a terminal takes little, and nothing is lost at process.exit().
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    // Who and where are the same on every line of one server; the mail's fields are in its
    // message already.
    ignore: 'pid,hostname,reqId,mail',
    messageFormat: (log, messageKey, _level, { colors }) => {
      const message = String(log[messageKey] ?? '');
      if (!log.mail) return message;
      // An email that only reached the log: its heading and rules in yellow, so it is found
      // in a scrolling terminal; the lines inside stay plain, ready to copy.
      return message
        .split('\n')
        .map((line, i) => (i === 0 || line === MAIL_RULE ? colors.yellow(line) : line))
        .join('\n');
    },
  });
  return { logger: { level: config.logLevel, stream }, logController: new OneLineRequestLog() };
}

/**
 * Requests in pretty logs: "GET /api/contacts 200 3.1 ms", one line when the answer is sent,
 * instead of Fastify's two, each with an object spread over several lines.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const ms = reply.elapsedTime.toFixed(reply.elapsedTime < 10 ? 1 : 0);
    const line = `${request.method} ${request.url} ${reply.statusCode} ${ms} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
