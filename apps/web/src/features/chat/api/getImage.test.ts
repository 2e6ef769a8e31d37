import { describe, expect, it } from 'vitest';
import { getImage } from './getImage';

// jsdom's Blob cannot carry a binary answer: the fetch itself is exercised by the MessageList story.
describe('getImage', () => {
  it.each(['https://evil.example/x.png', '//evil.example/x.png', '/api/chat/uploads/../me'])(
    'never sends the bearer token to %s',
    async (url) => {
      await expect(getImage(url)).rejects.toThrow('Not an uploaded image.');
    },
  );
});
