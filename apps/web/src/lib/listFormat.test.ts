import { describe, expect, it } from 'vitest';
import { listFormatter } from './listFormat';

describe('listFormatter', () => {
  it('joins a list the way each language does', () => {
    expect(listFormatter('en')(['20 messages', '5 pictures'])).toBe('20 messages and 5 pictures');
    expect(listFormatter('vi')(['20 tin nhắn', '5 ảnh'])).toBe('20 tin nhắn và 5 ảnh');
    expect(listFormatter('vi')(['a', 'b', 'c'])).toBe('a, b và c');
    expect(listFormatter('en')(['Chat'])).toBe('Chat');
  });
});
