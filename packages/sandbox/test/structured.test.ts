import { createOpenAI } from '@ai-sdk/openai';
import { generateText, type JSONSchema7, jsonSchema, Output } from 'ai';
import { describe, expect, it } from 'vitest';
import { sandboxModelFetch } from '../src/index.ts';
import { structuredReply } from '../src/models/structured.ts';
import { sourcesIn } from '../src/models/replies.ts';

/** A schema shaped as zod's toJSONSchema writes one: nullable fields as anyOf with null. */
const settingsSchema: JSONSchema7 = {
  type: 'object',
  properties: {
    prompt: { type: 'string', maxLength: 40 },
    genre: { type: 'string', enum: ['pop', 'lo-fi', 'jazz'] },
    mood: { anyOf: [{ type: 'string', enum: ['calm', 'happy'] }, { type: 'null' }] },
    tempo: { anyOf: [{ type: 'integer', minimum: 50, maximum: 200 }, { type: 'null' }] },
    key: {
      anyOf: [
        {
          type: 'object',
          properties: { tonic: { type: 'string', enum: ['C', 'D'] } },
          required: ['tonic'],
        },
        { type: 'null' },
      ],
    },
    instruments: {
      type: 'array',
      maxItems: 2,
      items: { type: 'string', enum: ['piano', 'electric-piano', 'drums', 'bass'] },
    },
    instrumental: { type: 'boolean', default: true },
    sections: {
      type: 'array',
      minItems: 1,
      maxItems: 3,
      items: { $ref: '#/$defs/section' },
    },
  },
  required: ['prompt', 'genre', 'mood', 'tempo', 'key', 'instruments', 'instrumental', 'sections'],
  additionalProperties: false,
  $defs: {
    section: {
      type: 'object',
      properties: { heading: { type: 'string' }, body: { type: 'string' } },
      required: ['heading', 'body'],
    },
  },
};

describe('the sandbox model’s structured output', () => {
  it('fills a schema from the words of the message, the same way every time', () => {
    const message =
      'A calm lo-fi piece at 84 bpm with electric piano and drums. For studying late. Nhẹ nhàng.';
    const answer = JSON.parse(structuredReply(settingsSchema, message)) as Record<string, unknown>;
    expect(answer).toEqual({
      prompt: 'A calm lo-fi piece at 84 bpm with elect…',
      genre: 'lo-fi',
      mood: 'calm',
      tempo: 84,
      key: null,
      instruments: ['electric-piano', 'drums'],
      instrumental: true,
      sections: [
        { heading: message, body: 'For studying late.' },
        { heading: message, body: 'Nhẹ nhàng.' },
      ],
    });
    expect(structuredReply(settingsSchema, message)).toBe(JSON.stringify(answer));
  });

  it('takes a schema’s first choices and lower ends when the message names nothing', () => {
    const answer = JSON.parse(structuredReply(settingsSchema, 'Something nice')) as Record<
      string,
      unknown
    >;
    expect(answer).toMatchObject({ genre: 'pop', mood: null, tempo: null, instruments: [] });
  });

  it('answers a json_schema response_format through the AI SDK with an object that fits', async () => {
    const model = createOpenAI({
      apiKey: 'sandbox',
      baseURL: 'http://sandbox.invalid/v1',
      fetch: sandboxModelFetch({ chunkDelayMs: 0 }),
    }).chat('sandbox');
    const result = await generateText({
      model,
      prompt: 'Upbeat jazz with bass, 120 bpm',
      output: Output.object({ schema: jsonSchema<Record<string, unknown>>(settingsSchema) }),
    });
    expect(result.output).toMatchObject({ genre: 'jazz', tempo: 120, instruments: ['bass'] });
  });
});

describe('the sandbox model’s answers from numbered passages', () => {
  const passages = [
    '[1] (page 1): Revenue grew by 12 percent in the third quarter. Costs stayed flat.',
    '[2] (page 2): The Hà Nội office opened in March with twenty staff.',
    '[3] (sheet Sales): Hanoi sold 420 units.',
  ].join('\n');

  it('reads the passages a prompt hands it', () => {
    expect(sourcesIn(`Answer from these.\n${passages}`).map((source) => source.where)).toEqual([
      'page 1',
      'page 2',
      'sheet Sales',
    ]);
  });

  it('cites the passage that shares the most words with the question', async () => {
    const reply = await fetchReply(
      `Answer from the passages and cite them as [n].\n${passages}`,
      'When did the Hanoi office open?',
    );
    expect(reply).toBe(
      'According to the document (page 2): The Hà Nội office opened in March with twenty staff. [2]',
    );
  });

  it('summarises the first passages, each cited, in the asker’s language', async () => {
    const reply = await fetchReply(
      `Summarize the document in Vietnamese: tóm tắt.\n${passages}`,
      '',
    );
    expect(reply).toBe(
      [
        'Tóm tắt tài liệu:',
        '',
        '- Revenue grew by 12 percent in the third quarter. [1]',
        '- The Hà Nội office opened in March with twenty staff. [2]',
        '- Hanoi sold 420 units. [3]',
      ].join('\n'),
    );
  });
});

describe('a summary asked in the user message', () => {
  it('summarises when the user asks for a summary in words, in their language', async () => {
    const reply = await fetchReply(
      'Summarise the document from the numbered passages.\n[1] (page 1): Một. Hai.\n[2] (page 2): Ba.',
      'Tóm tắt tài liệu.',
    );
    expect(reply).toBe(['Tóm tắt tài liệu:', '', '- Một. [1]', '- Ba. [2]'].join('\n'));
  });
});

async function fetchReply(system: string, user: string): Promise<string> {
  const response = await sandboxModelFetch({ chunkDelayMs: 0 })(
    'http://sandbox.invalid/v1/chat/completions',
    {
      method: 'POST',
      body: JSON.stringify({
        model: 'sandbox',
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
      }),
    },
  );
  const body = (await response.json()) as { choices: { message: { content: string } }[] };
  return body.choices[0]?.message.content ?? '';
}
