import { describe, expect, it } from 'vitest';
import { getSharedImage } from './getSharedImage';

describe('getSharedImage', () => {
  it.each([
    'https://evil.example/api/chat/share/slug/images/id',
    '//evil.example/api/chat/share/slug/images/id',
    '/api/chat/uploads/abc',
    '/api/chat/share/slug/images/../../uploads/abc',
    '/api/chat/share/slug/images/id?x=1',
    '/api/chat/share/slug',
  ])('refuses %s without sending anything (the client would add a token)', async (url) => {
    // An unhandled request would fail the test (the MSW server refuses unknown calls).
    await expect(getSharedImage(url)).rejects.toThrow('Not an image of a shared conversation.');
  });
});
