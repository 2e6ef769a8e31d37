import http from 'node:http';
import { type JobStreamEvent, jobStreamEvents } from '@studio/contracts';
import { expect, vi } from 'vitest';

/** The events of a server-sent event body, each checked against the contract. */
export function parseJobEvents(body: string): JobStreamEvent[] {
  return body
    .split('\n\n')
    .filter((frame) => frame.trim().length > 0 && !frame.startsWith(':'))
    .map((frame) => {
      const type = /^event: (\w+)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (!type || data === undefined || !(type in jobStreamEvents)) {
        throw new Error(`not an event frame: ${frame}`);
      }
      const key = type as keyof typeof jobStreamEvents;
      return { type: key, data: jobStreamEvents[key].parse(JSON.parse(data)) } as JobStreamEvent;
    });
}

/**
 * Opens a job's event stream over a real connection to `base` (a listening app); resolves once
 * its first event came, with that event, the whole body once the stream ends, and a way to hang up.
 */
export async function followJobEvents(base: string, jobId: string, bearer: string) {
  const request = http.request(`${base}/api/jobs/${jobId}/events`, {
    agent: false,
    headers: { authorization: `Bearer ${bearer}`, accept: 'text/event-stream' },
  });
  request.end();
  const response = await new Promise<http.IncomingMessage>((resolve) =>
    request.on('response', resolve),
  );
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  response.setEncoding('utf8');
  let text = '';
  const ended = new Promise<string>((resolve, reject) => {
    response.on('data', (chunk: string) => {
      text += chunk;
    });
    response.on('end', () => resolve(text));
    response.on('error', reject);
  });
  await vi.waitFor(() => expect(text).toContain('\n\n'), { interval: 5 });
  return { first: parseJobEvents(text)[0], ended, close: () => request.destroy() };
}
