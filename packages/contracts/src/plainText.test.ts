import { describe, expect, it } from 'vitest';
import { plainLine, plainText } from './plainText.ts';

describe('plainText', () => {
  it("reads the issue's title as a reader would", () => {
    expect(plainLine('# Trip plan - Visit **Hanoi** and _Hue_')).toBe(
      'Trip plan - Visit Hanoi and Hue',
    );
  });

  it('drops heading, quote, list and task markers, keeps numbered items', () => {
    const markdown = [
      '## Packing list',
      '> Travel light',
      '- passport',
      '* [x] tickets',
      '+ [ ] charger',
      '1. Book the hotel',
      '2) Pay',
    ].join('\n');
    expect(plainText(markdown)).toBe(
      [
        'Packing list',
        'Travel light',
        'passport',
        'tickets',
        'charger',
        '1. Book the hotel',
        '2) Pay',
      ].join('\n'),
    );
  });

  it('keeps code as written and drops the fences', () => {
    expect(plainText('Run this:\n```bash\nnpm run *build* -- --x\n```\nDone.')).toBe(
      'Run this:\nnpm run *build* -- --x\nDone.',
    );
    expect(plainLine('Call `get_user(**kwargs)` first')).toBe('Call get_user(**kwargs) first');
  });

  it('keeps the words of links and images, not their addresses', () => {
    expect(plainLine('See [the docs](https://example.com/a_(b)) and ![a map](map.png "Map")')).toBe(
      'See the docs and a map',
    );
    expect(plainLine('Mail <mailto:a@b.vn> or <https://x.vn>')).toBe(
      'Mail mailto:a@b.vn or https://x.vn',
    );
    expect(plainLine('A [reference][1] link')).toBe('A reference link');
  });

  it('removes strikethrough, HTML tags, rules and table syntax', () => {
    expect(plainLine('~~old~~ new<br/> <b>bold</b>')).toBe('old new bold');
    expect(plainText('a\n\n---\n\nb')).toBe('a\n\nb');
    expect(plainText('| City | Days |\n|---|:--:|\n| Hanoi | 3 |')).toBe('City  Days\nHanoi  3');
  });

  it('leaves text that only looks like syntax', () => {
    expect(plainLine('2 * 3 * 4 = 24, snake_case_name, C# and a < b > c')).toBe(
      '2 * 3 * 4 = 24, snake_case_name, C# and a < b > c',
    );
    expect(plainLine('Xin chào **Việt Nam**! Giá 100\\*')).toBe('Xin chào Việt Nam! Giá 100*');
  });

  it('drops markers a cut left dangling', () => {
    expect(plainLine('Visit **Hano')).toBe('Visit Hano');
    expect(plainLine('```python\nprint(1)')).toBe('print(1)');
  });

  it('is empty for markup alone, and plain text passes through', () => {
    expect(plainLine('# \n---\n')).toBe('');
    expect(plainLine('  Hello,\n  world  ')).toBe('Hello, world');
  });
});
