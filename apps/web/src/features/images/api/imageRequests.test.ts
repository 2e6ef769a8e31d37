import { VISITOR_KEY_HEADER, VISITOR_KEY_PATTERN } from '@studio/contracts/imageOptions';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { cancelJob } from '../../../lib/api/endpoints/jobs/cancelJob';
import { followJob } from '../../../lib/api/endpoints/jobs/followJob';
import { server } from '../../../test/server';
import { getImageFile } from '../../../lib/api/endpoints/images/getImageFile';

describe('the calls with the visitor key', () => {
  it('fetches a job image with the key, and only from the image routes', async () => {
    let seen: string | null = null;
    server.use(
      http.get('*/api/images/jobs/:jobId/images/:index', ({ request }) => {
        seen = request.headers.get(VISITOR_KEY_HEADER);
        return new HttpResponse(new Uint8Array([137, 80, 78, 71]), {
          headers: { 'Content-Type': 'image/png' },
        });
      }),
    );
    const blob = await getImageFile('/api/images/jobs/job-1/images/0');
    expect(blob.size).toBe(4);
    expect(seen).toMatch(VISITOR_KEY_PATTERN);
    await expect(getImageFile('https://elsewhere.example/x.png')).rejects.toThrow(
      'Not a generated image.',
    );
    await expect(getImageFile('/api/images/../chat/uploads/x/file')).rejects.toThrow();
  });

  it('follows and cancels a job with the headers given, others’ calls unchanged', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get('*/api/jobs/:id/events', ({ request }) => {
        seen.push(request.headers.get(VISITOR_KEY_HEADER));
        return new HttpResponse('', { status: 404 });
      }),
      http.delete('*/api/jobs/:id', ({ request }) => {
        seen.push(request.headers.get(VISITOR_KEY_HEADER));
        return HttpResponse.json({ message: 'gone' }, { status: 409 });
      }),
    );
    const follow = async (headers?: Record<string, string>) => {
      for await (const event of followJob('j', undefined, undefined, headers)) void event;
    };
    await expect(follow({ [VISITOR_KEY_HEADER]: 'k1' })).rejects.toThrow();
    await expect(follow()).rejects.toThrow();
    await expect(cancelJob('j', { [VISITOR_KEY_HEADER]: 'k2' })).rejects.toThrow();
    await expect(cancelJob('j')).rejects.toThrow();
    expect(seen).toEqual(['k1', null, 'k2', null]);
  });
});
