/**
 * The built-in SMTP listener for email replies (docs/product.md#email-replies): the door a
 * sending mail server reaches through the MX record of INBOUND_DOMAIN. It takes the envelope
 * and the raw message (RFC 5322 bytes, as received after DATA) and hands both to `receive`;
 * what to do with the message is the pipeline's business, not this module's.
 *
 * Replies (RFC 5321 reply codes, RFC 3463 enhanced status codes, ENHANCEDSTATUSCODES
 * advertised per RFC 2034):
 * - RCPT TO other than `reply+<token>@<domain>` (without case): 550 5.1.1 (no such mailbox);
 * - more than `maxRecipients` recipients: 452 4.5.3 (too many recipients, the client may send
 *   the rest in another transaction);
 * - a message over `maxBytes` (SIZE, RFC 1870): 552 5.3.4, and `receive` never sees it;
 * - `receive` rejected: 451 4.3.0, a temporary failure, so the sending server retries later;
 * - `receive` resolved: 250 2.6.0, only then ("250 after the commit": what is acknowledged is
 *   stored).
 *
 * No AUTH (anyone may deliver to a reply address, as to any MX); STARTTLS only with a
 * certificate. The greeting is `220 <domain> ESMTP`, naming no software or version. At most 100
 * connections at once (one more gets 421), 5 minutes of idle client (RFC 5321 4.5.3.2.7);
 * nothing is written to the console.
 */
import { SMTPServer, type SMTPServerDataStream, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';

/** The SMTP envelope of one message, as the listener saw it. */
export interface InboundEnvelope {
  /** MAIL FROM's address; '' for the null sender (bounces). */
  mailFrom: string;
  /** RCPT TO's addresses, all of them reply addresses on the domain. */
  rcptTo: string[];
  /** The client's IP address. */
  remoteAddress: string;
  /** The client's reverse DNS name, or `[ip]` when it has none (or the lookup is off). */
  clientHostname: string;
  /** The name the client gave in HELO/EHLO. */
  heloName: string;
}

/** How the listener runs. */
export interface SmtpListenerOptions {
  /** The TCP port; 0 picks any free one (tests). */
  port: number;
  /** The address to bind to (all interfaces when absent). */
  host?: string;
  /** INBOUND_DOMAIN: only `reply+<token>@<domain>` (without case) is accepted at RCPT TO. */
  domain: string;
  /** The largest message, in bytes: advertised as SIZE in EHLO; a larger one gets 552 5.3.4. */
  maxBytes: number;
  /** The most recipients of one transaction (default 10); more get 452 4.5.3. */
  maxRecipients?: number;
  /** PEM key and certificate: when given STARTTLS is offered, when not it is not. */
  tls?: { key: Buffer | string; cert: Buffer | string };
  /**
   * Whether the client's address is looked up in reverse DNS for `clientHostname` (default
   * true; at most 1.5 s, then `[ip]`). Tests turn it off to stay off the network.
   */
  reverseLookup?: boolean;
  /** Stores the message; the client gets 250 once it resolves, 451 if it rejects. */
  receive: (raw: Buffer, envelope: InboundEnvelope) => Promise<{ status: string }>;
  /**
   * Told of `receive` rejecting (the client got 451). Connection errors (a client gone, a failed
   * TLS handshake) are not reported: nothing was stored, and the sending server retries.
   */
  onError?: (error: unknown) => void;
}

/** A running listener. */
interface SmtpListener {
  /** The port it listens on (the one picked when `port` was 0). */
  port: number;
  /** Stops accepting connections; resolves once the server closed (open sessions get 30 s). */
  close(): Promise<void>;
}

/** The default limit of recipients of one transaction. */
const DEFAULT_MAX_RECIPIENTS = 10;
/** The most connections at once; one more gets 421 and is closed. */
const MAX_CLIENTS = 100;
/** Idle time allowed while the client owes a command or data, in ms (RFC 5321 4.5.3.2.7: 5 min). */
const SOCKET_TIMEOUT_MS = 5 * 60 * 1000;

/** An error carrying the SMTP reply code smtp-server answers with. */
function smtpError(responseCode: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode });
}

/** Whether `address` is `reply+<token>@<domain>` (local part and domain without case). */
function isReplyAddress(address: string, domain: string): boolean {
  const match = /^reply\+[^@\s]+@([^@\s]+)$/i.exec(address.trim());
  return match !== null && match[1]!.toLowerCase() === domain.toLowerCase();
}

/** The envelope of the session's current transaction. */
function envelopeOf(session: SMTPServerSession): InboundEnvelope {
  const { mailFrom, rcptTo } = session.envelope;
  return {
    mailFrom: mailFrom ? mailFrom.address : '',
    rcptTo: rcptTo.map((r) => r.address),
    remoteAddress: session.remoteAddress,
    clientHostname: session.clientHostname,
    heloName: session.hostNameAppearsAs,
  };
}

/**
 * Starts an SMTP listener (see the module's comment for the replies). Resolves with the port
 * once it listens; rejects when it cannot bind (e.g. EADDRINUSE, EACCES below 1024).
 */
export async function startSmtpListener(options: SmtpListenerOptions): Promise<SmtpListener> {
  const { domain, maxBytes, receive, onError } = options;

  /** Collects the DATA stream (at most maxBytes), then awaits `receive` before the reply. */
  const onData: SMTPServerOptions['onData'] = (stream: SMTPServerDataStream, session, callback) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let over = false;
    let done = false;
    const finish = (error: Error | null, message?: string): void => {
      if (done) return;
      done = true;
      callback(error, message);
    };
    stream.on('data', (chunk: Buffer) => {
      if (over) return;
      bytes += chunk.length;
      if (bytes > maxBytes || stream.sizeExceeded) {
        over = true;
        chunks.length = 0; // keep draining the stream, but hold nothing more
        return;
      }
      chunks.push(chunk);
    });
    stream.on('error', () => {
      // The client went away mid-message: nothing to store and nobody to answer.
      finish(smtpError(451, 'Error: message not received in full'));
    });
    stream.on('end', () => {
      if (over || stream.sizeExceeded) {
        finish(smtpError(552, `Error: message exceeds fixed maximum message size ${maxBytes}`));
        return;
      }
      const raw = Buffer.concat(chunks, bytes);
      const envelope = envelopeOf(session);
      // Through a promise, so a `receive` that throws synchronously also gets 451.
      Promise.resolve()
        .then(() => receive(raw, envelope))
        .then(
          () => finish(null, 'OK: message accepted'),
          (error: unknown) => {
            finish(smtpError(451, 'Error: local error in processing, try again later'));
            try {
              onError?.(error);
            } catch {
              // A failing reporter changes nothing: the client has its 451.
            }
          },
        );
    });
  };

  const server = new SMTPServer({
    name: domain,
    logger: false,
    authOptional: true,
    disabledCommands: options.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
    size: maxBytes,
    rejectOversized: true,
    hideENHANCEDSTATUSCODES: false,
    maxRecipients: options.maxRecipients ?? DEFAULT_MAX_RECIPIENTS,
    maxClients: MAX_CLIENTS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    disableReverseLookup: options.reverseLookup === false,
    onRcptTo(address, _session, callback) {
      if (isReplyAddress(address.address, domain)) return callback();
      callback(smtpError(550, 'Error: no such mailbox here'));
    },
    onData,
  });
  const port = await new Promise<number>((resolve, reject) => {
    const onListenError = (error: Error): void => reject(error);
    server.once('error', onListenError);
    const listening = (): void => {
      server.off('error', onListenError);
      server.on('error', () => {}); // connection errors: see onError
      const address = server.server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : options.port);
    };
    if (options.host === undefined) server.listen(options.port, listening);
    else server.listen(options.port, options.host, listening);
  });

  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
