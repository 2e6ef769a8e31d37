import { createServer, type Server } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * Just enough SMTP (RFC 5321, no TLS, no auth) to receive what nodemailer sends, so the SMTP
 * sender is tested over a real socket; `refuseFirst` makes it refuse that many messages first.
 */
export async function startFakeSmtpServer(options: { refuseFirst?: number } = {}): Promise<{
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  // The first `refuseFirst` messages get a temporary failure, as a busy server answers.
  let refusals = options.refuseFirst ?? 0;
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.smtp ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let newline = buffer.indexOf('\r\n');
      while (newline !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 OK queued');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
        } else {
          const command = line.slice(0, 4).toUpperCase();
          if (command === 'EHLO' || command === 'HELO') reply('250 fake.smtp');
          else if (command === 'MAIL') {
            current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
            if (refusals > 0) {
              refusals -= 1;
              reply('451 4.3.0 Try again later');
            } else reply('250 OK');
          } else if (command === 'RCPT') {
            current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 OK');
          } else if (command === 'DATA') {
            inData = true;
            reply('354 End data with <CR><LF>.<CR><LF>');
          } else if (command === 'QUIT') {
            reply('221 Bye');
            socket.end();
          } else reply('250 OK');
        }
        newline = buffer.indexOf('\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
