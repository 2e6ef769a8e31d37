import type { OfficeLanguage } from '@studio/contracts';
import type { Block, DocumentModel, Span } from '@studio/documents';
import { generateText, type LanguageModel } from 'ai';
import { rewritePrompts } from '../models/rewrite-prompts.ts';

/**
 * A document translated block by block through the chat's model, with the chat's own
 * "Translate the text into …" prompt: headings stay headings, lists keep their items and depths,
 * tables their cells (each cell translated; cells without letters, such as numbers, are kept as
 * they are). A block's text is translated whole (a sentence split over bold and plain runs reads
 * as one); its marks are kept when the whole block had the same ones.
 *
 * Texts go in batches of numbered segments (`<<1>> …`), which the model is told to keep; a reply
 * that does not give back exactly the segments sent, or has words outside them, is not trusted,
 * and that batch is translated one text at a time.
 */

const batchCharacters = 1_500;
const batchTexts = 20;

const segmentRule =
  'The text is made of segments, each starting with a marker such as <<1>>. Keep every marker exactly as it is, translate the text after each one, and write nothing else.';

/** The texts of a document that are translated, in order, and how to put them back. */
interface Slot {
  text: string;
  set: (translated: string) => void;
}

const hasLetters = (text: string) => /\p{L}/u.test(text);

/** Spans whose text is replaced by one translated text, keeping marks they all share. */
function translatedSpans(spans: readonly Span[], text: string): Span[] {
  const [first] = spans;
  const same =
    first !== undefined &&
    spans.every(
      (span) =>
        span.bold === first.bold && span.italic === first.italic && span.code === first.code,
    );
  if (!same || !first) return [{ text }];
  return [
    {
      text,
      ...(first.bold ? { bold: true } : {}),
      ...(first.italic ? { italic: true } : {}),
      ...(first.code ? { code: true } : {}),
    },
  ];
}

function slotsOf(model: DocumentModel): { copy: DocumentModel; slots: Slot[] } {
  const copy = structuredClone(model);
  const slots: Slot[] = [];
  const spansSlot = (holder: { spans: Span[] }) => {
    const text = holder.spans.map((span) => span.text).join('');
    if (hasLetters(text)) {
      slots.push({
        text,
        set: (translated) => (holder.spans = translatedSpans(holder.spans, translated)),
      });
    }
  };
  for (const part of copy.parts) {
    for (const block of part.blocks as Block[]) {
      switch (block.type) {
        case 'heading':
        case 'paragraph':
          spansSlot(block);
          break;
        case 'list':
          for (const item of block.items) spansSlot(item);
          break;
        case 'table':
          for (const row of block.rows) {
            row.forEach((cell, index) => {
              if (hasLetters(cell))
                slots.push({ text: cell, set: (translated) => (row[index] = translated) });
            });
          }
          break;
        case 'code':
          // Code is not prose: kept as it is.
          break;
      }
    }
  }
  return { copy, slots };
}

/** Batches of slots: up to batchTexts texts and about batchCharacters characters each. */
function batchesOf(slots: readonly Slot[]): Slot[][] {
  const batches: Slot[][] = [];
  let current: Slot[] = [];
  let size = 0;
  for (const slot of slots) {
    if (
      current.length > 0 &&
      (current.length >= batchTexts || size + slot.text.length > batchCharacters)
    ) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(slot);
    size += slot.text.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** The segments of a batched reply, or null when it is not exactly the segments sent. */
export function segmentsOf(reply: string, count: number): string[] | null {
  const pieces = reply.split(/<<(\d+)>>/);
  if ((pieces[0] ?? '').trim() !== '') return null;
  const segments: string[] = [];
  for (let index = 1; index < pieces.length; index += 2) {
    if (Number(pieces[index]) !== segments.length + 1) return null;
    segments.push((pieces[index + 1] ?? '').trim());
  }
  return segments.length === count && segments.every(Boolean) ? segments : null;
}

export async function translateDocument(
  model: DocumentModel,
  to: OfficeLanguage,
  options: {
    languageModel: LanguageModel;
    signal: AbortSignal;
    /** Told after each batch: texts done of all. */
    onProgress?: (done: number, total: number) => void;
  },
): Promise<DocumentModel> {
  const system = rewritePrompts[to === 'vi' ? 'translate-vi' : 'translate-en'];
  const ask = async (prompt: string, batched: boolean) => {
    const result = await generateText({
      model: options.languageModel,
      system: batched ? `${system} ${segmentRule}` : system,
      prompt,
      maxRetries: 1,
      abortSignal: options.signal,
    });
    return result.text.trim();
  };
  const { copy, slots } = slotsOf(model);
  let done = 0;
  for (const batch of batchesOf(slots)) {
    options.signal.throwIfAborted();
    const segments =
      batch.length > 1
        ? segmentsOf(
            await ask(batch.map((slot, index) => `<<${index + 1}>> ${slot.text}`).join('\n'), true),
            batch.length,
          )
        : null;
    for (const [index, slot] of batch.entries()) {
      const translated = segments?.[index] ?? (await ask(slot.text, false));
      slot.set(translated || slot.text);
    }
    done += batch.length;
    options.onProgress?.(done, slots.length);
  }
  return { ...copy, title: copy.title };
}
