import type { RewriteInstruction } from '@studio/contracts';

/**
 * The text models' instructions for transforming a text rather than answering it: the chat's
 * rewriter, vision's translations of a picture's text and the office tools' translations use
 * them alike.
 */
const keepMeaning =
  'Keep the meaning and the language of the text unless told otherwise. Answer with the rewritten text only: no preface, no quotes, no explanation.';

/** One system prompt per instruction: the text to rewrite is the whole user message. */
export const rewritePrompts: Record<RewriteInstruction, string> = {
  shorter: `Rewrite the text to be noticeably shorter and more concise. ${keepMeaning}`,
  longer: `Rewrite the text to be longer and more detailed, without inventing facts. ${keepMeaning}`,
  formal: `Rewrite the text in a more formal, professional tone. ${keepMeaning}`,
  casual: `Rewrite the text in a more casual, friendly tone. ${keepMeaning}`,
  grammar: `Fix the grammar, spelling and punctuation of the text, changing nothing else. ${keepMeaning}`,
  'translate-en': `Translate the text into English. Answer with the translation only: no preface, no quotes, no explanation.`,
  'translate-vi': `Translate the text into Vietnamese. Answer with the translation only: no preface, no quotes, no explanation.`,
};

/** No text model is open to the caller. */
export const noModelAvailable = 'No model is available to rewrite with.';
