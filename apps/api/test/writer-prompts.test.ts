import {
  type WriterGenerationInput,
  writerGenerationRequest,
  writerTemplateIds,
  writerTemplates,
  type WriterTransformInput,
  writerTransformRequest,
  writerTransforms,
} from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import {
  generationPrompt,
  passageMarker,
  splicePassage,
  titleOf,
  transformPrompt,
} from '../src/domains/writer/writer-prompts.ts';

const generation = (input: WriterGenerationInput) =>
  generationPrompt(writerGenerationRequest.parse(input));
const transform = (input: WriterTransformInput) =>
  transformPrompt(writerTransformRequest.parse(input));

/** Every field of a template filled in with a value that names it. */
function filled(template: (typeof writerTemplateIds)[number]): Record<string, string> {
  return Object.fromEntries(
    writerTemplates[template].fields.map((field) => [
      field.key,
      field.kind === 'network' ? 'linkedin' : `value of ${field.key}`,
    ]),
  );
}

describe("a template's prompt", () => {
  it.each(writerTemplateIds)(
    '%s: every field, the tone, the length and the language',
    (template) => {
      const { system, prompt } = generation({
        template,
        fields: filled(template),
        tone: 'persuasive',
        length: 'short',
        audience: 'small shop owners',
        language: 'en',
      });
      for (const field of writerTemplates[template].fields) {
        if (field.kind === 'network') expect(prompt).toContain('Network: LinkedIn');
        else expect(prompt).toContain(`value of ${field.key}`);
      }
      expect(system).toContain('persuasive');
      expect(system).toContain('about 150 words');
      expect(system).toContain('Readers: small shop owners.');
      expect(system).toContain('English');
      expect(system).toContain('Markdown');
      // The sandbox answers a "rewrite" or a "title" prompt differently: a generation never says so.
      expect(system).not.toMatch(/\brewrite\b|\btranslate\b|\btitle\b/i);
    },
  );

  it('leaves out optional fields left empty, and the readers when none are named', () => {
    const { system, prompt } = generation({
      template: 'blog-post',
      fields: { topic: 'Coffee in Đà Lạt', keywords: '  ' },
      language: 'en',
    });
    expect(prompt).toBe('Write a blog post.\n\nTopic: Coffee in Đà Lạt');
    expect(prompt).not.toContain('Keywords');
    expect(prompt).not.toContain('Points');
    expect(system).not.toContain('Readers');
    expect(system).toContain('neutral');
    expect(system).toContain('about 400 words');
  });

  it('writes in Vietnamese, with its diacritics, when asked, and labels the fields in Vietnamese', () => {
    const { system, prompt } = generation({
      template: 'email',
      fields: { purpose: 'Mời họp phụ huynh', points: 'Thứ Bảy\n8 giờ sáng' },
      tone: 'formal',
      language: 'vi',
    });
    expect(system).toContain('Vietnamese');
    expect(system).toContain('diacritic');
    expect(system).toContain('formal');
    expect(prompt).toContain('Hãy viết một email.');
    expect(prompt).toContain('Mục đích: Mời họp phụ huynh');
    expect(prompt).toContain('Các ý cần nêu:\n"""\nThứ Bảy\n8 giờ sáng\n"""');
  });

  it('asks for long pieces only of long-form templates', () => {
    const long = (template: 'outline' | 'ad-copy') =>
      generation({ template, fields: filled(template), length: 'long', language: 'en' }).system;
    expect(long('outline')).toContain('about 900 words');
    expect(long('ad-copy')).toContain('about 400 words');
  });

  it("holds a social post to its network's limit in characters", () => {
    const { system } = generation({
      template: 'social-post',
      fields: { network: 'x', topic: 'Launch day' },
      language: 'en',
    });
    expect(system).toContain('never more than 280 characters');
    expect(system).toContain('X (Twitter)');
  });
});

describe("a transform's prompt", () => {
  const text =
    '# Notes\n\nThe first paragraph stays.\n\nThis passage changes.\n\nThe last one stays.';

  it.each(writerTransforms)(
    '%s: the whole text is the message, the instruction the system',
    (kind) => {
      const { system, prompt } = transform({
        transform: kind,
        text,
        tone: 'formal',
        language: 'vi',
        instruction: 'keep it under a page',
      });
      expect(prompt).toBe(text);
      expect(system).toContain('keep it under a page');
      expect(system).toContain('Markdown');
      expect(system).not.toContain(passageMarker);
      if (kind === 'translate') expect(system).toContain('into Vietnamese');
      else expect(system).toContain('language it is written in');
      if (kind === 'tone') expect(system).toContain('formal');
      // What the sandbox model recognises as a transform rather than a question.
      expect(system).toMatch(/\brewrite\b|\btranslate\b|\bfix the grammar\b/i);
    },
  );

  it('sends only a selected passage, with the text around it as context', () => {
    const start = text.indexOf('This passage');
    const selection = { start, end: start + 'This passage changes.'.length };
    const { system, prompt } = transform({ transform: 'shorten', text, selection, language: 'en' });
    expect(prompt).toBe('This passage changes.');
    expect(system).toContain(
      `The first paragraph stays.\n\n${passageMarker}\n\nThe last one stays.`,
    );
    expect(system).toContain('new passage only');
  });

  it('puts the answer back in place of the passage, keeping its surrounding white space', () => {
    const start = text.indexOf('This passage');
    const selection = { start: start - 2, end: start + 'This passage changes.'.length + 1 };
    expect(splicePassage(text, selection, '  Shorter.\n')).toBe(
      '# Notes\n\nThe first paragraph stays.\n\nShorter.\n\nThe last one stays.',
    );
  });

  it('refuses a network it does not know in its own words', () => {
    const parsed = writerGenerationRequest.safeParse({
      template: 'social-post',
      fields: { network: 'myspace', topic: 'Launch' },
      language: 'en',
    });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      'Choose one of the social networks listed.',
    ]);
  });

  it('refuses a passage outside the text and a tone change without a tone', () => {
    expect(
      writerTransformRequest.safeParse({
        transform: 'rewrite',
        text: 'short',
        selection: { start: 0, end: 50 },
        language: 'en',
      }).success,
    ).toBe(false);
    expect(
      writerTransformRequest.safeParse({ transform: 'tone', text: 'short', language: 'en' })
        .success,
    ).toBe(false);
  });
});

describe("a document's title", () => {
  it('is its first heading, else its first words, without Markdown', () => {
    expect(titleOf('Intro line\n\n## Cà phê **Đà Lạt**\n', 'Untitled')).toBe('Cà phê Đà Lạt');
    expect(titleOf('- A [linked](https://x.example) point', 'Untitled')).toBe('A linked point');
    expect(titleOf('   \n', 'Untitled')).toBe('Untitled');
    expect(titleOf('word '.repeat(40), 'Untitled', 20)).toBe('word word word word…');
  });
});
