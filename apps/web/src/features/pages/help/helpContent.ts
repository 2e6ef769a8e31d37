import { z, type Infer } from '../../../lib/shape';
import { stripRichText } from '../shared/RichText';
import { matchesQuery } from './matchesQuery';

const faqEntrySchema = z.object({
  question: z.string(),
  /** Paragraphs; they may hold the inline links RichText knows. */
  answer: z.array(z.string()).check(z.minLength(1)),
});

/** The FAQ by topic: group id → questions by id. The ids are the page's #anchors. */
export const faqGroupsSchema = z.record(
  z.string(),
  z.object({
    title: z.string(),
    questions: z.record(z.string(), faqEntrySchema),
  }),
);
export type FaqGroups = Infer<typeof faqGroupsSchema>;

export interface FaqQuestion {
  id: string;
  question: string;
  answer: readonly string[];
}

export interface FaqGroup {
  id: string;
  title: string;
  questions: readonly FaqQuestion[];
}

/** The groups as ordered lists, keeping the order of the translation file. */
export function toFaqGroups(groups: FaqGroups): FaqGroup[] {
  return Object.entries(groups).map(([id, group]) => ({
    id,
    title: group.title,
    questions: Object.entries(group.questions).map(([questionId, entry]) => ({
      id: questionId,
      question: entry.question,
      answer: entry.answer,
    })),
  }));
}

/**
 * The questions whose question or answer text matches the query; groups left without any
 * question are dropped.
 */
export function filterFaq(groups: readonly FaqGroup[], query: string): FaqGroup[] {
  return groups
    .map((group) => ({
      ...group,
      questions: group.questions.filter((entry) =>
        matchesQuery([entry.question, ...entry.answer.map(stripRichText)].join(' '), query),
      ),
    }))
    .filter((group) => group.questions.length > 0);
}
