import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { run } from './run.mjs';

const host = '127.0.0.1';

/** Whether a Redis on 127.0.0.1:<port> answers PING. */
export function redisAnswers(port = 6379, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    let answer = '';
    const finish = (/** @type {boolean} */ ok) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) finish(answer.startsWith('+PONG'));
    });
    socket.once('error', () => finish(false));
  });
}

/** @returns {string | null} */
function redisServerPath() {
  try {
    return (
      execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim() || null
    );
  } catch {
    return null;
  }
}

/**
 * Makes sure Redis answers on 127.0.0.1:6379 for the tests (the queue, the shared limits and the
 * compiled server's test use it), as PostgreSQL must: when none answers it starts the machine's
 * redis-server, installing Debian's package first on a fresh machine run as root. Throws with
 * what to do otherwise: CI fails, it never skips.
 */
export async function ensureRedis(port = 6379) {
  if (await redisAnswers(port)) return 'already running';
  let server = redisServerPath();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!server && isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Redis is missing: installing Debian’s redis-server package…');
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if ((await run('apt-get', ['update', '-qq'], { env })) === 0) {
      await run('apt-get', ['install', '-y', '-qq', 'redis-server'], { env });
    }
    server = redisServerPath();
  }
  if (server) {
    // A throwaway server for the tests: loopback only, nothing written to disk.
    const args = ['--daemonize', 'yes', '--bind', host, '--port', String(port)];
    await run(server, [...args, '--save', '', '--appendonly', 'no']);
    for (let attempt = 0; attempt < 50; attempt += 1) {
      if (await redisAnswers(port)) return `started ${server}`;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(
    `Redis does not answer on ${host}:${port}${server ? ` (${server} did not start)` : ''}. ` +
      'Start one (e.g. `redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no`) ' +
      'or install it (`apt-get install -y redis-server`).',
  );
}
