import type {
  ChatExportJob,
  ErrorResponse,
  JobProgress,
  JobStreamEvent,
  JobView,
} from '@studio/contracts';
import { delay, http, HttpResponse } from 'msw';

/**
 * Background jobs (GET /api/jobs/{id}, its events, cancel and result) and the export that starts
 * one (POST /api/chat/export/{id}/jobs), as MSW handlers answering in the API's contracts. Each
 * story or test picks how its job goes: completes (the default), stays queued, stays running at
 * some progress, fails, or is cancelled. A running job's stream stays open until DELETE cancels
 * it, which ends it as the API does.
 */

const paths = {
  start: '*/api/chat/export/:id/jobs',
  one: '*/api/jobs/:id',
  events: '*/api/jobs/:id/events',
  result: '*/api/jobs/:id/result',
} as const;

export const sampleJobId = 'job-export-01';
const createdAt = '2026-11-21T09:30:00.000Z';

export function sampleExportJob(overrides: Partial<ChatExportJob> = {}): ChatExportJob {
  return {
    id: sampleJobId,
    kind: 'chat.export',
    state: 'queued',
    progress: null,
    error: null,
    result: null,
    createdAt,
    finishedAt: null,
    ...overrides,
  };
}

const exportedFile = {
  fileName: 'Công thức phở bò-2026-11-21.md',
  contentType: 'text/markdown; charset=utf-8',
  size: 2048,
};
const failure = 'The conversation no longer exists.';

/** The steps a job's events walk through, by scenario. */
const progressSteps: JobProgress[] = [
  { percent: 0, stage: 'reading' },
  { percent: 40, stage: 'reading' },
  { percent: 80, stage: 'reading' },
  { percent: 85, stage: 'writing' },
  { percent: 90, stage: 'storing' },
  { percent: 100, stage: 'storing' },
];

const frame = (event: JobStreamEvent) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

/** The streams left open (running jobs), so a DELETE can end them as cancelled. */
const openStreams = new Map<string, (event: JobStreamEvent) => void>();

type Scenario = 'completes' | 'queued' | 'running' | 'fails' | 'cancelled';

function eventStream(jobId: string, scenario: Scenario, pause: number) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: JobStreamEvent) => controller.enqueue(encoder.encode(frame(event)));
      const end = (event: JobStreamEvent) => {
        openStreams.delete(jobId);
        send(event);
        controller.close();
      };
      try {
        const job = sampleExportJob({ id: jobId });
        if (scenario === 'queued') {
          send({ type: 'state', data: job });
          openStreams.set(jobId, end);
          return;
        }
        if (scenario === 'cancelled') {
          end({
            type: 'state',
            data: { ...job, state: 'cancelled', error: null, finishedAt: createdAt },
          });
          return;
        }
        const running = { ...job, state: 'running' as const, progress: progressSteps[0] ?? null };
        send({ type: 'state', data: running });
        const steps = scenario === 'running' ? progressSteps.slice(1, 2) : progressSteps.slice(1);
        for (const step of steps) {
          if (pause) await delay(pause);
          send({ type: 'progress', data: step });
        }
        if (scenario === 'running') {
          openStreams.set(jobId, end);
          return;
        }
        if (pause) await delay(pause);
        end({
          type: 'state',
          data:
            scenario === 'fails'
              ? { ...running, state: 'failed', error: failure, finishedAt: createdAt }
              : {
                  ...running,
                  progress: { percent: 100, stage: 'storing' },
                  state: 'completed',
                  result: exportedFile,
                  finishedAt: createdAt,
                },
        });
      } catch {
        // The client stopped following: nothing more to send.
      }
    },
  });
}

const events = (scenario: Scenario, pause = 0) =>
  http.get<{ id: string }>(paths.events, ({ params }) => {
    return new HttpResponse(eventStream(params.id, scenario, pause), {
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
    });
  });

const notFound = () =>
  HttpResponse.json<ErrorResponse>(
    { message: 'The requested resource was not found.' },
    { status: 404 },
  );

export const jobsHandlers = {
  start: http.post<{ id: string }>(paths.start, () =>
    HttpResponse.json<ChatExportJob>(sampleExportJob(), { status: 202 }),
  ),
  startFailure: http.post(paths.start, notFound),

  /** The job's events: it reads, writes and stores (a step every `pause` ms), then completes. */
  completes: events('completes'),
  completesSlowly: events('completes', 400),
  /** Waits in the queue until cancelled. */
  queued: events('queued'),
  /** Reading at 40 % until cancelled. */
  running: events('running'),
  fails: events('fails'),
  cancelled: events('cancelled'),
  /** The connection breaks before the job says its last word. */
  eventsBroken: http.get(paths.events, () => HttpResponse.error()),

  get: http.get<{ id: string }>(paths.one, ({ params }) =>
    HttpResponse.json<JobView>(sampleExportJob({ id: params.id })),
  ),
  cancel: http.delete<{ id: string }>(paths.one, ({ params }) => {
    const cancelled = {
      ...sampleExportJob({ id: params.id }),
      state: 'cancelled' as const,
      finishedAt: createdAt,
    };
    openStreams.get(params.id)?.({ type: 'state', data: cancelled });
    return HttpResponse.json<JobView>(cancelled);
  }),

  result: http.get<{ id: string }>(paths.result, () => {
    const body = '# Công thức phở bò\n\n### You · 2026-11-21 09:30 UTC\n\nNấu phở thế nào?\n';
    return new HttpResponse(body, {
      headers: {
        'Content-Type': exportedFile.contentType,
        'Content-Disposition': `attachment; filename="cong-thuc-pho-bo-2026-11-21.md"; filename*=UTF-8''${encodeURIComponent(exportedFile.fileName)}`,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  }),
  resultFailure: http.get(paths.result, notFound),
};

/** The happy path: an export is queued, runs, completes and its file downloads. */
export const defaultJobsHandlers = [
  jobsHandlers.start,
  jobsHandlers.completes,
  jobsHandlers.get,
  jobsHandlers.cancel,
  jobsHandlers.result,
];
