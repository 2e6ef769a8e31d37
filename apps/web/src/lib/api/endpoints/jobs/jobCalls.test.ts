import type { JobStreamEvent } from '@studio/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobsHandlers, sampleJobId } from '../../../../mocks/handlers/jobs';
import { server } from '../../../../test/server';
import { errorText } from '../../errorText';
import { cancelJob } from './cancelJob';
import { downloadJobResult, saveFile } from './downloadJobResult';
import { followJob } from './followJob';

afterEach(() => vi.restoreAllMocks());

async function collect(jobId: string) {
  const events: JobStreamEvent[] = [];
  for await (const event of followJob(jobId)) events.push(event);
  return events;
}

describe('followJob', () => {
  it('reads the state, each progress and the final state, checked against the contract', async () => {
    const events = await collect(sampleJobId);
    expect(events[0]).toMatchObject({ type: 'state', data: { state: 'running' } });
    expect(events.filter((event) => event.type === 'progress').map((e) => e.data)).toEqual([
      { percent: 40, stage: 'reading' },
      { percent: 80, stage: 'reading' },
      { percent: 85, stage: 'writing' },
      { percent: 90, stage: 'storing' },
      { percent: 100, stage: 'storing' },
    ]);
    expect(events.at(-1)).toMatchObject({
      type: 'state',
      data: { state: 'completed', result: { fileName: 'Công thức phở bò-2026-11-21.md' } },
    });
  });

  it("rejects with the server's words when the job is not the user's", async () => {
    server.use(
      http.get('*/api/jobs/:id/events', () =>
        HttpResponse.json({ message: 'The requested resource was not found.' }, { status: 404 }),
      ),
    );
    const error: unknown = await collect('someone-elses').catch((e: unknown) => e);
    expect(errorText(error)).toBe('The requested resource was not found.');
  });

  it('stops following when aborted, and the running job is left alone', async () => {
    server.use(jobsHandlers.running);
    const controller = new AbortController();
    const seen: unknown[] = [];
    const following = (async () => {
      for await (const event of followJob(sampleJobId, controller.signal)) {
        seen.push(event);
        if (seen.length === 2) controller.abort();
      }
    })();
    await expect(following).rejects.toThrow();
    expect(seen).toHaveLength(2);
  });
});

describe('cancelJob', () => {
  it('answers with the cancelled job', async () => {
    expect((await cancelJob(sampleJobId)).state).toBe('cancelled');
  });
});

describe('downloadJobResult', () => {
  it('names the file from Content-Disposition (filename* in UTF-8)', async () => {
    const file = await downloadJobResult(sampleJobId, 'fallback.md');
    expect(file.fileName).toBe('Công thức phở bò-2026-11-21.md');
    expect(await file.blob.text()).toMatch(/^# Công thức phở bò/);
  });

  it('falls back to the given name without the header', async () => {
    server.use(http.get('*/api/jobs/:id/result', () => new HttpResponse('{}')));
    expect((await downloadJobResult(sampleJobId, 'conversation-c1.json')).fileName).toBe(
      'conversation-c1.json',
    );
  });

  it('hands the file to the browser under its name and frees the URL', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const createObjectURL = vi.fn(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      saveFile({ blob: new Blob(['x']), fileName: 'Viết email.json' });
      const link = click.mock.contexts[0] as HTMLAnchorElement;
      expect(link.download).toBe('Viết email.json');
      expect(link.href).toBe('blob:export');
      expect(link.isConnected).toBe(false);
      vi.runAllTimers();
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:export');
    } finally {
      vi.useRealTimers();
    }
  });
});
