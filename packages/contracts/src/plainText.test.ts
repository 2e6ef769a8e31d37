import { describe, expect, it } from 'vitest';
import { plainLine, plainText, shortLine } from './plainText.ts';

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

describe('shortLine', () => {
  it("keeps every word and mark of punctuation of the issue's examples", () => {
    expect(shortLine('Trip plan - Visit **Hanoi** and `Hue`', 60)).toBe(
      'Trip plan - Visit Hanoi and Hue',
    );
    expect(shortLine('Hello! Can you show me a list of the best street food?', 60)).toBe(
      'Hello! Can you show me a list of the best street food?',
    );
  });

  it('cuts between words and says so with an ellipsis', () => {
    expect(shortLine('Trip plan - Visit **Hanoi** and `Hue`', 30)).toBe(
      'Trip plan - Visit Hanoi and…',
    );
    expect(shortLine('Hello! Can you show me a list of the best street food?', 24)).toBe(
      'Hello! Can you show me…',
    );
    // Exactly at the limit: nothing left out, no ellipsis.
    expect(shortLine('Hello! Can you', 14)).toBe('Hello! Can you');
    // The cut falls on a space: the word before it is whole and stays.
    expect(shortLine('one two three', 8)).toBe('one two…');
    // One character over the limit, and a long message read only as far as the cut.
    expect(shortLine('Hello! Can you!', 14)).toBe('Hello! Can…');
    expect(shortLine(`Tiếng Việt có dấu ${'rất dài '.repeat(20_000)}`, 20)).toBe(
      'Tiếng Việt có dấu…',
    );
  });

  it('never ends on a comma, a colon or a dash before the ellipsis', () => {
    expect(shortLine('Hello, world and everyone in it', 8)).toBe('Hello…');
    expect(shortLine('Trip plan - Visit Hanoi', 12)).toBe('Trip plan…');
    expect(shortLine('Note: remember the tickets', 8)).toBe('Note…');
  });

  it('keeps the text of links and images, not their addresses', () => {
    expect(shortLine('Read [the Hanoi guide](https://example.com/guide) before you go', 40)).toBe(
      'Read the Hanoi guide before you go',
    );
    expect(shortLine('![Hoan Kiem lake at dawn](lake.png) is lovely', 20)).toBe(
      'Hoan Kiem lake at…',
    );
  });

  it('reads headings, lists and code fences as their words', () => {
    expect(shortLine('## Packing list\n- **passport**\n- tickets', 60)).toBe(
      'Packing list passport tickets',
    );
    expect(shortLine('1. Book the hotel\n2. Pay the *deposit*', 60)).toBe(
      '1. Book the hotel 2. Pay the deposit',
    );
    expect(shortLine('Run this:\n```bash\nnpm run build\n```\nDone.', 60)).toBe(
      'Run this: npm run build Done.',
    );
    expect(shortLine('Call `get_user(**kwargs)` first, then log in', 27)).toBe(
      'Call get_user(**kwargs)…',
    );
  });

  it('counts and cuts Vietnamese as a reader reads it', () => {
    const text = 'Lên kế hoạch **chuyến đi** Hà Nội và Huế cho gia đình';
    expect(shortLine(text, 80)).toBe('Lên kế hoạch chuyến đi Hà Nội và Huế cho gia đình');
    expect(shortLine(text, 25)).toBe('Lên kế hoạch chuyến đi…');
    // Decomposed letters (a base and its combining marks) count once and are never split.
    const decomposed = 'Huế'.normalize('NFD');
    expect(decomposed.length).toBe(5);
    expect(shortLine(`${decomposed} ${decomposed}`, 7)).toBe(`${decomposed} ${decomposed}`);
    expect(shortLine(`Chào ${decomposed}`, 6)).toBe('Chào…');
  });

  it('cuts through a word only when the first word alone is longer than the limit', () => {
    expect(shortLine('Supercalifragilisticexpialidocious is long', 10)).toBe('Supercali…');
    expect(shortLine('https://example.com/a/very/long/address', 12)).toBe('https://exa…');
    expect(shortLine('Quá'.normalize('NFD').repeat(5), 4)).toBe(`${'Quá'.normalize('NFD')}…`);
  });

  it('drops the cut-through last word of a text known to continue', () => {
    expect(shortLine('Visit **Hanoi** and the old quar', 160, { continues: true })).toBe(
      'Visit Hanoi and the old…',
    );
    expect(shortLine('Visit', 160, { continues: true })).toBe('Visit…');
  });

  it('is empty for an empty or markup-only text', () => {
    expect(shortLine('', 10)).toBe('');
    expect(shortLine('# \n---', 10)).toBe('');
    expect(shortLine('', 10, { continues: true })).toBe('');
  });
});
