import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';
import {
  type AbandonedHandler,
  createLocalLogs,
  defaultRetentionMs,
  type LiveAbortReason,
  type LiveEntry,
  LiveLogGone,
  type LiveLogs,
  type LiveMeta,
  type LocalLog,
} from './live-logs.ts';

export interface RedisLiveLogsOptions {
  /** For the few commands a request waits on (it fails fast while Redis is away). */
  client: Redis;
  /** Another connection: the writer's, each remote follower's (they block), the stop channel's. */
  connect: (options?: RedisOptions) => Redis;
  keyPrefix: string;
  /** This process's name (the instance header's), kept with each run it writes. */
  instance: string;
  log: FastifyBaseLogger;
  retentionMs?: number;
  /** How often this process says its runs are alive. */
  heartbeatMs?: number;
  /** A run whose writer said nothing for this long is dead (several heartbeats). */
  staleMs?: number;
  /** How long a remote follower waits for the next event before it looks at the writer. */
  blockMs?: number;
  /** The longest a run may last at all: its keys expire after this even if nothing ends it. */
  maxRunMs?: number;
}

/** Redis stream entry ids are `<ms>-<n>`; the logs use `0-<seq>`, so the ids are the seqs. */
const entryId = (seq: number) => `0-${seq}`;
const seqOf = (id: string) => Number(id.slice(id.indexOf('-') + 1));

type StreamEntries = [id: string, fields: string[]][];

function toEntry([id, fields]: StreamEntries[number]): LiveEntry {
  const field = (name: string) => {
    const index = fields.indexOf(name);
    return index === -1 ? undefined : fields[index + 1];
  };
  return {
    seq: seqOf(id),
    type: field('t') ?? 'message',
    data: JSON.parse(field('d') ?? 'null') as unknown,
    final: field('f') === '1',
  };
}

/**
 * Live logs shared by every process through Redis. Each log is a Redis stream (`…:live:<id>`,
 * one entry per event, ids 0-1, 0-2…) with its meta beside it; the runs being written are a
 * sorted set scored by when their writer must next say it is alive (`…:live:running`), and stops
 * go over one pub/sub channel to whichever process runs the work.
 *
 * The writing process keeps its own runs in memory too: the connection that started a reply,
 * and any follower on the same process, read it there, with no round trip (the first token is
 * not delayed by Redis). Other processes follow with XREAD BLOCK; a follower that hears nothing
 * for a while looks at the writer's heartbeat, and a dead writer's run is claimed (ZREM: exactly
 * one process wins) and ended by the log's AbandonedHandler — as is any the sweep finds.
 *
 * If Redis cannot take a new run, the run is kept in this process only: the reply is written
 * and followed here as it would be without Redis, and cannot be resumed elsewhere.
 */
export function createRedisLiveLogs(options: RedisLiveLogsOptions): LiveLogs {
  const { client, keyPrefix, instance, log } = options;
  const retentionMs = options.retentionMs ?? defaultRetentionMs;
  const heartbeatMs = options.heartbeatMs ?? 3_000;
  const staleMs = options.staleMs ?? 12_000;
  const blockMs = options.blockMs ?? 2_000;
  const maxRunMs = options.maxRunMs ?? 60 * 60 * 1000;
  const streamKey = (id: string) => `${keyPrefix}:live:${id}`;
  const metaKey = (id: string) => `${keyPrefix}:live:${id}:meta`;
  const runningKey = `${keyPrefix}:live:running`;
  const stopChannel = `${keyPrefix}:live:stop`;
  const topicKey = (topic: string) => `${keyPrefix}:live:topic:${topic}`;

  const local = createLocalLogs(retentionMs);
  /** Runs this process mirrors to Redis (a run Redis refused is local only). */
  const mirrored = new Set<string>();
  // Appends are not awaited: one connection keeps them in order, and auto-pipelining sends the
  // pieces of a busy moment together. It fails fast while Redis is away, as the client does.
  const writer = options.connect({ maxRetriesPerRequest: 2, enableAutoPipelining: true });
  let abandoned: AbandonedHandler | null = null;
  let closed = false;

  const subscriber = options.connect();
  const subscribed = subscriber.subscribe(stopChannel).catch((error: unknown) => {
    log.warn({ err: error }, 'live logs: the stop channel is not subscribed');
  });
  subscriber.on('message', (channel: string, id: string) => {
    if (channel !== stopChannel) return;
    const run = local.get(id);
    if (run && !run.finished) run.controller.abort('stop' satisfies LiveAbortReason);
  });

  let mirrorFailures = 0;
  const mirrorFailed = (error: unknown) => {
    // Once per burst: a Redis outage would otherwise log every token of every reply.
    if (mirrorFailures++ % 100 === 0) {
      log.warn({ err: error, failures: mirrorFailures }, 'live logs: an event did not reach Redis');
    }
  };

  const heartbeat = setInterval(() => {
    const ids = local
      .running()
      .map((run) => run.id)
      .filter((id) => mirrored.has(id));
    if (ids.length === 0) return;
    const deadline = Date.now() + staleMs;
    void writer
      .zmscore(runningKey, ...ids)
      .then((scores) => {
        const alive = ids.filter((_, index) => scores[index] !== null);
        // Gone from the set: another process took it for dead (this one was too slow to beat)
        // and has ended its log; the work stops here, and nothing more of it is written.
        for (const id of ids.filter((_, index) => scores[index] === null)) {
          mirrored.delete(id);
          local.get(id)?.controller.abort('abandoned' satisfies LiveAbortReason);
        }
        if (alive.length === 0) return;
        // XX: only runs still listed; one another process claims meanwhile stays claimed.
        return writer.zadd(runningKey, 'XX', ...alive.flatMap((id) => [deadline, id]));
      })
      .catch(mirrorFailed);
  }, heartbeatMs);
  heartbeat.unref();

  function appendRemote(run: LocalLog, entry: LiveEntry): Promise<unknown> {
    const fields = ['t', entry.type, 'd', JSON.stringify(entry.data)];
    if (entry.final) fields.push('f', '1');
    if (entry.final) {
      return writer
        .multi()
        .xadd(streamKey(run.id), entryId(entry.seq), ...fields)
        .pexpire(streamKey(run.id), retentionMs)
        .pexpire(metaKey(run.id), retentionMs)
        .zrem(runningKey, run.id)
        .exec();
    }
    const added = writer.xadd(streamKey(run.id), entryId(entry.seq), ...fields);
    // The stream's own lifetime, set once it exists: a run nobody ends still goes in the end.
    if (entry.seq === 1) void writer.pexpire(streamKey(run.id), maxRunMs).catch(mirrorFailed);
    return added;
  }

  async function isRunning(id: string): Promise<boolean> {
    const here = local.get(id);
    if (here) return !here.finished;
    return (await client.zscore(runningKey, id)) !== null;
  }

  /** Claims a dead writer's run (one process wins) and ends it by its owner's recovery. */
  async function recover(id: string): Promise<boolean> {
    if ((await client.zrem(runningKey, id)) !== 1) return false;
    try {
      const [rawMeta, raw] = await Promise.all([
        client.hget(metaKey(id), 'm'),
        client.xrange(streamKey(id), '-', '+') as Promise<StreamEntries>,
      ]);
      const entries = raw.map(toEntry);
      if (entries.at(-1)?.final) return true;
      const meta = rawMeta ? (JSON.parse(rawMeta) as LiveMeta) : {};
      const last = abandoned
        ? await abandoned(id, meta, entries).catch((error: unknown) => {
            log.error({ err: error, run: id }, 'live logs: an abandoned run could not be ended');
            return { type: 'error', data: { message: 'interrupted' } };
          })
        : { type: 'error', data: { message: 'interrupted' } };
      const seq = (entries.at(-1)?.seq ?? 0) + 1;
      await client
        .multi()
        .xadd(streamKey(id), entryId(seq), 't', last.type, 'd', JSON.stringify(last.data), 'f', '1')
        .pexpire(streamKey(id), retentionMs)
        .pexpire(metaKey(id), retentionMs)
        .exec();
      log.warn({ run: id, events: entries.length }, 'live logs: a run whose writer died was ended');
      return true;
    } catch (error) {
      log.error({ err: error, run: id }, 'live logs: ending an abandoned run failed');
      return false;
    }
  }

  async function* followRemote(
    id: string,
    after: number,
    signal: AbortSignal,
  ): AsyncGenerator<LiveEntry> {
    // XREAD BLOCK holds its connection: each remote follower has one of its own.
    const reader = options.connect({ maxRetriesPerRequest: 1 });
    const cut = () => reader.disconnect();
    signal.addEventListener('abort', cut, { once: true });
    let last = after;
    try {
      while (!signal.aborted) {
        let answer: [key: string, entries: StreamEntries][] | null;
        try {
          answer = (await reader.xread(
            'COUNT',
            500,
            'BLOCK',
            blockMs,
            'STREAMS',
            streamKey(id),
            entryId(last),
          )) as [string, StreamEntries][] | null;
        } catch (error) {
          if (signal.aborted) return;
          throw error;
        }
        if (answer) {
          for (const raw of answer[0]?.[1] ?? []) {
            const entry = toEntry(raw);
            last = entry.seq;
            yield entry;
            if (entry.final) return;
          }
          continue;
        }
        // Quiet for a while: is anybody still writing it?
        const [deadline, exists, tail] = await Promise.all([
          client.zscore(runningKey, id),
          client.exists(metaKey(id)),
          client.xrevrange(streamKey(id), '+', '-', 'COUNT', 1) as Promise<StreamEntries>,
        ]);
        if (exists === 0) throw new LiveLogGone(id);
        // Ended below where this follower is: its writer died with events it had shown its own
        // followers but not yet written here, and whoever ended the log numbered the last event
        // after what Redis had. Waiting for events past `last` would wait for ever.
        // (One past it came in meanwhile: the next XREAD reads it, with any before it.)
        const newest = tail[0] ? toEntry(tail[0]) : null;
        if (newest?.final && newest.seq <= last) {
          yield newest;
          return;
        }
        if (newest && newest.seq > last) continue;
        if (deadline !== null && Number(deadline) < Date.now()) await recover(id);
      }
    } finally {
      signal.removeEventListener('abort', cut);
      reader.disconnect();
    }
  }

  return {
    async start(id, meta, topic) {
      const run = local.open(id, meta);
      try {
        const opening = client
          .multi()
          .hset(metaKey(id), 'm', JSON.stringify(meta), 'i', instance)
          .pexpire(metaKey(id), maxRunMs)
          .zadd(runningKey, Date.now() + staleMs, id);
        // The latest run on the topic; runningIn asks whether it still runs, so an ended one
        // needs no clean-up here.
        if (topic) opening.set(topicKey(topic), id, 'PX', maxRunMs);
        await opening.exec();
        mirrored.add(id);
      } catch (error) {
        log.warn({ err: error, run: id }, 'live logs: Redis refused a run; it is kept here only');
      }
      // The last event goes in a MULTI (with the run leaving the running set), which ioredis
      // sends apart from the auto-pipelined XADDs before it: sent at once, it could reach Redis
      // first, and the XADDs still queued would then be refused (their ids below the stream's
      // top), losing words for every follower on another process. So it waits for them.
      let previous: Promise<unknown> = Promise.resolve();
      const write = (type: string, data: unknown, final: boolean) => {
        const entry = local.append(run, type, data, final);
        if (!entry || !mirrored.has(id)) return Promise.resolve();
        if (final) mirrored.delete(id);
        const sent = final
          ? previous.then(() => appendRemote(run, entry))
          : appendRemote(run, entry);
        previous = sent.catch(() => undefined);
        return sent.then(
          () => undefined,
          (error: unknown) => mirrorFailed(error),
        );
      };
      return {
        id,
        signal: run.controller.signal,
        append: (type, data) => void write(type, data, false),
        finish: (type, data) => write(type, data, true),
      };
    },

    async meta(id) {
      const here = local.get(id);
      if (here) return here.meta;
      const raw = await client.hget(metaKey(id), 'm');
      return raw ? (JSON.parse(raw) as LiveMeta) : null;
    },

    running: isRunning,

    async runningIn(topic) {
      const id = await client.get(topicKey(topic));
      if (!id) return null;
      return (await isRunning(id)) ? id : null;
    },

    async *follow(id, after, signal) {
      const here = local.get(id);
      if (here) {
        yield* local.follow(here, after, signal);
        return;
      }
      yield* followRemote(id, after, signal);
    },

    async stop(id) {
      const here = local.get(id);
      if (here) {
        if (here.finished) return false;
        here.controller.abort('stop' satisfies LiveAbortReason);
        return true;
      }
      if ((await client.zscore(runningKey, id)) === null) return false;
      // Whichever process runs it hears this; the others have no such run and ignore it.
      await client.publish(stopChannel, id);
      return true;
    },

    onAbandoned(handler) {
      abandoned = handler;
    },

    async sweep() {
      const dead = await client.zrangebyscore(runningKey, '-inf', Date.now(), 'LIMIT', 0, 50);
      let ended = 0;
      for (const id of dead) if (await recover(id)) ended += 1;
      return ended;
    },

    get localRuns() {
      return local.running().length;
    },

    abortAll: (reason, waitMs) => local.abortAll(reason, waitMs),

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      local.clear();
      await subscribed;
      await Promise.allSettled([writer.quit(), subscriber.quit()]);
    },
  };
}
