import { describe, expect, it } from 'vitest';
import { cutAtSentence, speakableText } from './speakable.ts';

describe('speakableText', () => {
  it('reads the words of Markdown, not its code, link targets or marks', () => {
    const text = speakableText(
      [
        '# Title',
        '',
        'Hello **world**, see [the docs](https://example.com/x) and `npm test`.',
        '',
        '```ts',
        'const secret = 1;',
        '```',
        '',
        '- one',
        '1. two',
        '> quoted ~~old~~',
        '![a chart](chart.png)',
        '<b>bold</b>',
      ].join('\n'),
    );
    expect(text).toBe(
      'Title\nHello world, see the docs and npm test.\nHere is a TypeScript code block.\none\ntwo\nquoted old\nbold',
    );
  });

  it('takes an unclosed code block to the end, and announces it', () => {
    expect(speakableText('Look:\n```\nlet a = 1;')).toBe('Look:\nHere is a code block.');
  });
});

describe('speakableText in English and Vietnamese', () => {
  it.each([
    [
      'en',
      'Run this:\n\n```python\nprint("hi")\n```\n\nThen check.',
      'Run this:\nHere is a Python code block.\nThen check.',
    ],
    [
      'vi',
      'Chạy đoạn này:\n\n```python\nprint("hi")\n```\n\nRồi kiểm tra.',
      'Chạy đoạn này:\nĐây là một đoạn mã Python.\nRồi kiểm tra.',
    ],
    ['en', '~~~\nmake all\n~~~', 'Here is a code block.'],
    ['vi', '```{.weird info}\nx\n```', 'Đây là một đoạn mã.'],
  ] as const)('announces a code block in %s, never reading it', (language, markdown, spoken) => {
    const text = speakableText(markdown, language);
    expect(text).toBe(spoken);
    expect(text).not.toContain('print');
  });

  it.each([
    [
      'en',
      'Read https://www.example.com/docs/start?x=1, then reply.',
      'Read a link to example.com, then reply.',
    ],
    [
      'vi',
      'Xem https://vnexpress.net/tin-tuc.html để biết thêm.',
      'Xem đường dẫn tới vnexpress.net để biết thêm.',
    ],
    ['en', 'Autolink <https://github.com/org/repo> here.', 'Autolink a link to github.com here.'],
    ['en', 'Plain www.wikipedia.org.', 'Plain a link to wikipedia.org.'],
    ['vi', 'Trang [tài liệu](https://example.com/a) nhé.', 'Trang tài liệu nhé.'],
  ] as const)('says a web address as its host (%s)', (language, markdown, spoken) => {
    expect(speakableText(markdown, language)).toBe(spoken);
  });

  it('drops emoji and other pictographs, with their joiners, skin tones and flags', () => {
    expect(speakableText('Great job 🎉👍🏽! Family 👨‍👩‍👧 from 🇻🇳, ok ✅ ❤️.', 'en')).toBe(
      'Great job ! Family from , ok .',
    );
    expect(speakableText('Chúc mừng 🎉 bạn nhé 😀', 'vi')).toBe('Chúc mừng bạn nhé');
  });

  it('reads a table as its cells, without its rules', () => {
    const table = ['| Tên | Tuổi |', '|---|:---:|', '| An | 30 |', '| Bình | 25 |'].join('\n');
    expect(speakableText(table, 'vi')).toBe('Tên, Tuổi\nAn, 30\nBình, 25');
  });

  it('removes raw HTML, comments and scripts, keeping the words between tags', () => {
    expect(
      speakableText(
        '<div class="x">Xin <b>chào</b></div><!-- note --><script>alert(1)</script>',
        'vi',
      ),
    ).toBe('Xin chào');
  });

  it('removes images, footnote marks, rules and emphasis but keeps snake_case words', () => {
    expect(
      speakableText('![logo](a.png) Use _care_ with my_var[^1].\n\n---\n\n__Done__', 'en'),
    ).toBe('Use care with my_var.\nDone');
  });

  it('says English announcements when no language is given', () => {
    expect(speakableText('```\nx\n```')).toBe('Here is a code block.');
  });
});

describe('cutAtSentence', () => {
  const text = 'One. Two! Three? Four.';

  it('leaves text that fits alone', () => {
    expect(cutAtSentence(text, 100)).toBe(text);
  });

  it('cuts at the last sentence end that fits', () => {
    expect(cutAtSentence(text, 10)).toBe('One. Two!');
    expect(cutAtSentence(text, 16)).toBe('One. Two! Three?');
    expect(cutAtSentence('Là vậy… Tiếp theo là', 12)).toBe('Là vậy…');
    expect(cutAtSentence('He said "stop." Then left for good.', 20)).toBe('He said "stop."');
  });

  it('does not take a decimal point for a sentence end', () => {
    expect(cutAtSentence('Pi is 3.14159 and more words follow here', 20)).toBe('Pi is 3.14159 and');
  });

  it('cuts a first sentence that is too long at a space, and an unbroken run hard', () => {
    expect(cutAtSentence('aaaa bbbb cccc dddd', 11)).toBe('aaaa bbbb');
    expect(cutAtSentence('abcdefghijklmnop', 5)).toBe('abcde');
  });
});
