import {
  type SocialNetwork,
  socialNetworkLimits,
  type WriterGenerationRequest,
  type WriterLanguage,
  type WriterLength,
  type WriterSelection,
  type WriterTemplateId,
  writerTemplates,
  type WriterTone,
  type WriterTransformRequest,
} from '@studio/contracts';

/**
 * The prompts the content writer sends the chat's models: a template's fields, tone, length,
 * audience and language become a system prompt (what to write and how) and a user message (the
 * fields, in the language the piece is written in, so a model leans to it from the first word);
 * a transform's instruction is the system prompt and the text (or only the selected passage, its
 * surroundings given as context) the user message. Every answer is Markdown.
 *
 * The sandbox model reads the system prompt's words (packages/sandbox/src/models/README.md): a
 * generation's must not say "rewrite", "translate" or "title", and a transform's must say
 * "rewrite" (or "translate", "fix the grammar") with only the words of its own kind.
 */

export interface WriterPrompt {
  system: string;
  prompt: string;
}

/** About how many words each length asks for (a social post is held by its network's limit too). */
export const lengthWords: Readonly<Record<WriterLength, number>> = {
  short: 150,
  medium: 400,
  long: 900,
};

const languageNames: Record<WriterLanguage, string> = { en: 'English', vi: 'Vietnamese' };

/** Written for a native reader: Vietnamese with every diacritic, never a word-for-word rendering. */
const writeIn: Record<WriterLanguage, string> = {
  en: 'Write in natural, idiomatic English.',
  vi: 'Write in Vietnamese: natural, idiomatic Vietnamese as a native writer would write it, with every diacritic (dấu) in place, never a word-for-word rendering of English.',
};

const toneWords: Record<WriterTone, string> = {
  neutral: 'neutral and clear',
  friendly: 'friendly and warm, speaking to the reader directly',
  professional: 'professional and precise, confident without hype',
  persuasive: 'persuasive, leading to action with concrete benefits',
  playful: 'playful and light, with a touch of humour',
  formal: 'formal and respectful',
};

const networkNames: Record<SocialNetwork, string> = {
  x: 'X (Twitter)',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
  threads: 'Threads',
  tiktok: 'TikTok',
};

/** What each template writes (the system prompt's first line). */
const templateTasks: Record<WriterTemplateId, string> = {
  'blog-post':
    'Write a blog post: a heading, a short introduction, sections with their own subheadings, and a conclusion.',
  'product-description':
    'Write a product description that sells: what it is, what its features do for the buyer, and why to choose it.',
  email:
    'Write an e-mail: a subject line first (as "Subject: …"), then a greeting, the body and a sign-off.',
  'social-post':
    'Write a social media post: a hook in the first line, short paragraphs, and a few relevant hashtags at the end.',
  'ad-copy':
    'Write advertising copy: a headline, one or two lines of body text, and a call to action.',
  outline:
    'Write an outline: a heading, then the main sections as a nested Markdown list, each with its key points.',
  'press-release':
    'Write a press release: a headline, a dateline lead paragraph with the news, supporting paragraphs, a quote, and a short "About" paragraph on the organisation.',
  'cover-letter':
    'Write a cover letter for a job application: why this role at this company, what the experience brings to it, and a courteous close.',
  summary:
    'Write a summary of the source text: its purpose, its main points and any conclusions, faithful to it and adding nothing.',
};

/** Each field's label in the user message, in the language the piece is written in. */
const fieldLabels: Record<WriterLanguage, Record<string, string>> = {
  en: {
    topic: 'Topic',
    keywords: 'Keywords to include',
    points: 'Points to cover',
    product: 'Product',
    features: 'Features',
    audience: 'Customers',
    purpose: 'Purpose',
    recipient: 'Recipient',
    network: 'Network',
    callToAction: 'Call to action',
    offer: 'Offer',
    platform: 'Where the ad runs',
    kind: 'Kind of piece',
    announcement: 'Announcement',
    organisation: 'Organisation',
    details: 'Details',
    quote: 'Quote',
    role: 'Role',
    company: 'Company',
    experience: 'Experience',
    source: 'Source text',
  },
  vi: {
    topic: 'Chủ đề',
    keywords: 'Từ khóa cần có',
    points: 'Các ý cần nêu',
    product: 'Sản phẩm',
    features: 'Tính năng',
    audience: 'Khách hàng',
    purpose: 'Mục đích',
    recipient: 'Người nhận',
    network: 'Mạng xã hội',
    callToAction: 'Lời kêu gọi hành động',
    offer: 'Ưu đãi',
    platform: 'Nơi đăng quảng cáo',
    kind: 'Loại bài',
    announcement: 'Nội dung thông báo',
    organisation: 'Tổ chức',
    details: 'Chi tiết',
    quote: 'Trích dẫn',
    role: 'Vị trí',
    company: 'Công ty',
    experience: 'Kinh nghiệm',
    source: 'Văn bản gốc',
  },
};

/** The user message's first line: what is asked, in the piece's language. */
const templateRequests: Record<WriterLanguage, Record<WriterTemplateId, string>> = {
  en: {
    'blog-post': 'Write a blog post.',
    'product-description': 'Write a product description.',
    email: 'Write an e-mail.',
    'social-post': 'Write a social media post.',
    'ad-copy': 'Write ad copy.',
    outline: 'Write an outline.',
    'press-release': 'Write a press release.',
    'cover-letter': 'Write a cover letter.',
    summary: 'Summarise this text.',
  },
  vi: {
    'blog-post': 'Hãy viết một bài blog.',
    'product-description': 'Hãy viết mô tả sản phẩm.',
    email: 'Hãy viết một email.',
    'social-post': 'Hãy viết một bài đăng mạng xã hội.',
    'ad-copy': 'Hãy viết nội dung quảng cáo.',
    outline: 'Hãy viết một dàn ý.',
    'press-release': 'Hãy viết một thông cáo báo chí.',
    'cover-letter': 'Hãy viết thư xin việc.',
    summary: 'Hãy tóm lược văn bản này.',
  },
};

/**
 * The length asked for: a template that is not long-form writes at most `medium`'s words; a
 * social post also stays within its network's limit in characters.
 */
export function lengthInstruction(
  template: WriterTemplateId,
  length: WriterLength,
  network: SocialNetwork | null,
): string {
  const longForm: boolean = writerTemplates[template].longForm;
  const capped = !longForm && length === 'long' ? 'medium' : length;
  const words = `about ${lengthWords[capped]} words`;
  if (network === null) return `Length: ${words}.`;
  const limit = socialNetworkLimits[network];
  return `Length: ${words} at most, and never more than ${limit.toLocaleString('en-US')} characters in all (the ${networkNames[network]} limit), counting spaces, hashtags and emoji. Write it for ${networkNames[network]}.`;
}

const networkOf = (value: string | undefined): SocialNetwork | null =>
  value && value in socialNetworkLimits ? (value as SocialNetwork) : null;

/** A field's line in the user message: a longer text fenced, so its own lines stay its own. */
function fieldLine(label: string, value: string, long: boolean): string {
  return long ? `${label}:\n"""\n${value}\n"""` : `${label}: ${value}`;
}

const markdownRule =
  'Answer in Markdown (# for the heading, ## for sections, lists and **bold** where they help), with the piece only: no preface, no notes about how it was written.';

/** A template's prompts from its filled-in fields (empty optional fields are left out). */
export function generationPrompt(request: WriterGenerationRequest): WriterPrompt {
  const { template, language } = request;
  const fields = writerTemplates[template].fields;
  const network = template === 'social-post' ? networkOf(request.fields['network']?.trim()) : null;
  const audience = request.audience.trim();
  const system = [
    templateTasks[template],
    `Tone: ${toneWords[request.tone]}.`,
    lengthInstruction(template, request.length, network),
    ...(audience ? [`Readers: ${audience}. Write for them.`] : []),
    writeIn[language],
    'Use only the facts given; where a detail is missing, write around it rather than inventing names, numbers or quotes.',
    markdownRule,
  ].join('\n');
  const lines = fields.flatMap((field) => {
    const value = request.fields[field.key]?.trim() ?? '';
    if (value === '') return [];
    const shown = field.kind === 'network' && network ? networkNames[network] : value;
    return [fieldLine(fieldLabels[language][field.key] ?? field.key, shown, field.kind === 'text')];
  });
  return { system, prompt: [templateRequests[language][template], '', ...lines].join('\n') };
}

/** What each transform does (its system prompt's first line). */
function transformTask(request: WriterTransformRequest): string {
  switch (request.transform) {
    case 'rewrite':
      return 'Rewrite the text in fresh words, with the same meaning, length and tone.';
    case 'shorten':
      return 'Rewrite the text to be noticeably shorter and more concise, keeping every main point.';
    case 'expand':
      return 'Rewrite the text to be longer and more detailed, without inventing facts.';
    case 'tone':
      return `Rewrite the text so its tone is ${toneWords[request.tone ?? 'neutral']}, with the same meaning.`;
    case 'grammar':
      return 'Fix the grammar, spelling and punctuation of the text, changing nothing else.';
    case 'translate':
      return `Translate the text into ${languageNames[request.language]}.`;
  }
}

/** Characters of the text on either side of a passage the model is shown, for context. */
export const passageContextCharacters = 1500;

/** The text around a passage: enough to match its voice, cut at a word where it is cut. */
function around(text: string, selection: WriterSelection): { before: string; after: string } {
  const start = Math.max(0, selection.start - passageContextCharacters);
  const end = Math.min(text.length, selection.end + passageContextCharacters);
  const before = text.slice(start, selection.start);
  const after = text.slice(selection.end, end);
  return {
    before: start > 0 ? `…${before.replace(/^\S*\s/, '')}` : before,
    after: end < text.length ? `${after.replace(/\s\S*$/, '')}…` : after,
  };
}

/** The passage's place in the context, where the model's answer will go. */
export const passageMarker = '[[PASSAGE]]';

/**
 * A transform's prompts: on the whole text, or on the selected passage only (the user message is
 * the passage; the system prompt shows it in its place among the text around it, and asks for its
 * replacement alone, which the server puts back: splicePassage).
 */
export function transformPrompt(request: WriterTransformRequest): WriterPrompt {
  const { selection, text } = request;
  const instruction = request.instruction.trim();
  const keepLanguage =
    request.transform === 'translate'
      ? writeIn[request.language]
      : 'Keep the text in the language it is written in.';
  const lines = [
    transformTask(request),
    ...(instruction ? [`The writer also asks: ${instruction}`] : []),
    keepLanguage,
    'Keep its Markdown formatting (headings, lists, emphasis, links).',
    'Answer with the resulting text only: no preface, no quotes, no explanation.',
  ];
  if (selection === null) return { system: lines.join('\n'), prompt: text };
  const { before, after } = around(text, selection);
  lines.push(
    '',
    `The user message is one passage of a document. Answer with the new passage only, written to fit where ${passageMarker} stands below; do not repeat the text around it.`,
    '',
    'The document around the passage:',
    '"""',
    `${before}${passageMarker}${after}`,
    '"""',
  );
  return { system: lines.join('\n'), prompt: text.slice(selection.start, selection.end) };
}

/**
 * The whole text with the passage replaced by the model's answer, the passage's own leading and
 * trailing white space kept (a model trims or adds them at will; the paragraphs around must not
 * run together or drift apart).
 */
export function splicePassage(
  text: string,
  selection: WriterSelection,
  replacement: string,
): string {
  const passage = text.slice(selection.start, selection.end);
  const leading = /^\s*/.exec(passage)?.[0] ?? '';
  const trailing = passage.trim() === '' ? '' : (/\s*$/.exec(passage)?.[0] ?? '');
  return `${text.slice(0, selection.start)}${leading}${replacement.trim()}${trailing}${text.slice(selection.end)}`;
}

/**
 * A document's title: its first heading, else its first words (cut between words), else the
 * fallback; without Markdown's marks.
 */
export function titleOf(content: string, fallback: string, maxLength = 80): string {
  const heading = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/m.exec(content)?.[1];
  const firstLine = content
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '');
  const raw = (heading ?? firstLine ?? '')
    .replace(/^(?:[-*+>]|\d+[.)])\s+/, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (raw === '') return fallback;
  if (raw.length <= maxLength) return raw;
  const cut = raw.slice(0, maxLength);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxLength / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
