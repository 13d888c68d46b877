import net from 'node:net';
import type { ApiProcess } from './apiProcess.js';

/**
 * A login sent over a raw connection with its form body cut in two: the server has begun the
 * request and waits for the rest of the body until `finish()`. `answer` is everything the
 * server sent until it ended the connection; it rejects on a reset.
 */
export async function openHalfSentLogin(api: ApiProcess, requestId: string, user: { email: string; password: string }) {
  const body = new URLSearchParams({ username: user.email, password: user.password }).toString();
  const cut = Math.floor(body.length / 2);
  const socket = net.connect(Number(new URL(api.url).port), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
  });
  const answer = new Promise<string>((resolve, reject) => {
    socket.once('end', () => resolve(received));
    socket.once('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(
    [
      'POST /api/v1/login/access-token HTTP/1.1',
      'Host: 127.0.0.1',
      `X-Request-Id: ${requestId}`,
      'Content-Type: application/x-www-form-urlencoded',
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body.slice(0, cut),
    ].join('\r\n'),
  );
  return { finish: () => socket.write(body.slice(cut)), answer };
}

/** A raw HTTP/1.1 answer (Content-Length framed): status, lower-cased headers, body. */
export function parseAnswer(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/** Whether a new TCP connection to the API is accepted, or the error it gets. */
export const tryConnect = (api: ApiProcess) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(Number(new URL(api.url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
