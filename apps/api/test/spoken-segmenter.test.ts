import { describe, expect, it } from 'vitest';
import type { SpokenSentencePart } from '@studio/contracts';
import {
  codeBlockAnnouncement,
  createSpokenSegmenter,
} from '../src/domains/speech/spoken-segmenter.ts';
import { createSentenceSpeaker } from '../src/domains/speech/sentence-speaker.ts';
import type { SpeechService } from '../src/domains/speech/speech-service.ts';
import type { SpeechRequest } from '../src/domains/providers/index.ts';

/** Feeds `chunks` one by one; answers each push's sentences, then the end's. */
function feed(chunks: string[]): string[][] {
  const segmenter = createSpokenSegmenter();
  const out = chunks.map((chunk) => segmenter.push(chunk).map((sentence) => sentence.text));
  out.push(segmenter.end().map((sentence) => sentence.text));
  return out;
}

describe('createSpokenSegmenter', () => {
  it('gives a sentence as soon as what follows it has begun', () => {
    expect(feed(['Hello there', '.', ' How', ' are you?'])).toEqual([
      [],
      [],
      ['Hello there.'],
      [],
      ['How are you?'],
    ]);
  });

  it('never reads Markdown marks, list numbers, link targets or emphasis', () => {
    const said = feed([
      '# Title\n',
      '2. **Bold** move. ',
      'See [docs](https://x.dev/p).\n',
      '- *item*\n',
    ]).flat();
    expect(said).toEqual(['Title', 'Bold move.', 'See docs.', 'item']);
  });

  it('waits while a line may still become a fence or a list number', () => {
    expect(feed(['1', '. Go there. ', 'Now'])).toEqual([[], ['Go there.'], [], ['Now']]);
    expect(feed(['`', '``py\nprint(1)\n``', '`\nAfter.'])).toEqual([
      [],
      [codeBlockAnnouncement.en],
      [],
      ['After.'],
    ]);
  });

  it('announces a code block once in the reply’s language and reads none of it', () => {
    const said = feed([
      'Đây là ví dụ của tôi.\n',
      '~~~\nconst x = "Hello. World.";\n~~~\n',
      'Hết.',
    ]).flat();
    expect(said).toEqual(['Đây là ví dụ của tôi.', codeBlockAnnouncement.vi, 'Hết.']);
  });

  it('drops an unclosed code block at the end rather than reading it', () => {
    expect(feed(['Look:\n```\nlet a = 1;', '\nlet b = 2;']).flat()).toEqual([
      'Look:',
      codeBlockAnnouncement.en,
    ]);
  });

  it('says each sentence in the language of the reply so far', () => {
    const segmenter = createSpokenSegmenter();
    const first = segmenter.push('Xin chào các bạn thân mến. OK. ');
    expect(first.map((sentence) => sentence.language)).toEqual(['vi', 'vi']);
  });
});

describe('createSentenceSpeaker', () => {
  function fakeSpeech(gate?: Promise<void>) {
    const requests: SpeechRequest[] = [];
    const speech: SpeechService = {
      model: 'fake',
      voices: () => [],
      defaultVoices: () => ({}),
      async synthesize(request) {
        requests.push(request);
        if (gate && requests.length > 1) await gate;
        return {
          audio: Buffer.from(request.text),
          mimeType: 'audio/wav',
          format: 'wav',
          voice: 'v',
        };
      },
    };
    return { speech, requests };
  }

  it('speaks the first sentence while the reply is still being written', async () => {
    const { speech } = fakeSpeech();
    const parts: SpokenSentencePart[] = [];
    const speaker = createSentenceSpeaker({
      speech,
      voice: null,
      format: 'wav',
      speed: 1,
      pitch: 1,
      signal: new AbortController().signal,
      onPart: (part) => parts.push(part),
      onFailure: () => {},
    });
    speaker.push('The first sentence. The sec');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(parts.map((part) => part.text)).toEqual(['The first sentence.']);
    speaker.push('ond one.');
    await speaker.finish();
    expect(parts.map((part) => [part.index, part.text])).toEqual([
      [0, 'The first sentence.'],
      [1, 'The second one.'],
    ]);
  });

  it('speaks the sentences completed while one was being spoken as one part, language by language', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { speech, requests } = fakeSpeech(gate);
    const parts: SpokenSentencePart[] = [];
    const speaker = createSentenceSpeaker({
      speech,
      voice: null,
      format: 'wav',
      speed: 1,
      pitch: 1,
      signal: new AbortController().signal,
      onPart: (part) => parts.push(part),
      onFailure: () => {},
    });
    speaker.push('Hello there my friend. ');
    speaker.push('How are you today? I am fine, thanks. ');
    speaker.push('Xin chào các bạn thân mến. Hẹn gặp lại các bạn nhé.');
    const finished = speaker.finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    open();
    await finished;
    expect(requests.map((request) => [request.text, request.language])).toEqual([
      ['Hello there my friend.', 'en'],
      ['How are you today? I am fine, thanks.', 'en'],
      ['Xin chào các bạn thân mến. Hẹn gặp lại các bạn nhé.', 'vi'],
    ]);
    expect(parts.map((part) => part.index)).toEqual([0, 1, 2]);
  });

  it('keeps the order when a later sentence would be quicker, and stops at once when aborted', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { speech, requests } = fakeSpeech(gate);
    const parts: SpokenSentencePart[] = [];
    const stop = new AbortController();
    const speaker = createSentenceSpeaker({
      speech,
      voice: 'chosen',
      format: 'mp3',
      speed: 1.2,
      pitch: 0.9,
      signal: stop.signal,
      onPart: (part) => parts.push(part),
      onFailure: () => {},
    });
    speaker.push('One. Two. Three. ');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(parts.map((part) => part.text)).toEqual(['One.']);
    // One at a time, and what completed meanwhile is one part: the first sentence alone, then
    // the rest together.
    expect(requests.map((request) => request.text)).toEqual(['One.', 'Two. Three.']);
    expect(requests[0]).toMatchObject({ voice: 'chosen', format: 'mp3', speed: 1.2, pitch: 0.9 });
    stop.abort();
    open();
    await speaker.finish();
    expect(parts.map((part) => part.text)).toEqual(['One.']);
  });
});
