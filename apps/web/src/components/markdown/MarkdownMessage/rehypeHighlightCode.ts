import { createLowlight } from 'lowlight';
import { registeredLanguages } from './highlightLanguages';

type Root = ReturnType<ReturnType<typeof createLowlight>['highlight']>;
type Node = Root | Root['children'][number];
type Element = Extract<Node, { type: 'element' }>;

/** The code's text, as highlight.js reads it. */
function textOf(node: Node): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

/** `language-x` (or `lang-x`) names the language; `no-highlight` keeps the code plain. */
function languageOf(code: Element): string | false | undefined {
  const classes = code.properties['className'];
  if (!Array.isArray(classes)) return undefined;
  let language: string | undefined;
  for (const value of classes.map(String)) {
    if (value === 'no-highlight' || value === 'nohighlight') return false;
    language ??= /^lang(?:uage)?-(.+)$/.exec(value)?.[1];
  }
  return language;
}

function highlight(code: Element, lowlight: ReturnType<typeof createLowlight>) {
  const language = languageOf(code);
  if (!language) return;
  const classes = Array.isArray(code.properties['className']) ? code.properties['className'] : [];
  if (!classes.includes('hljs')) code.properties['className'] = ['hljs', ...classes];
  let result: Root;
  try {
    result = lowlight.highlight(language, textOf(code), { prefix: 'hljs-' });
  } catch (error) {
    // A language outside the set (or not loaded): the code stays as it is.
    if (error instanceof Error && /Unknown language/.test(error.message)) return;
    throw error;
  }
  // lowlight answers with spans and text only, what a code element holds.
  if (result.children.length > 0) code.children = result.children as Element['children'];
}

function visit(node: Node, lowlight: ReturnType<typeof createLowlight>) {
  if (!('children' in node)) return;
  for (const child of node.children) {
    const isCode = child.type === 'element' && child.tagName === 'code';
    if (isCode && node.type === 'element' && node.tagName === 'pre') highlight(child, lowlight);
    else visit(child, lowlight);
  }
}

/**
 * What rehype-highlight does (highlight.js through lowlight: the `hljs` classes on a code block
 * that names its language), with only the languages registered so far (highlightLanguages).
 * rehype-highlight bundles lowlight's whole common set, whatever languages it is given: 40 KB
 * gzipped of grammars that most messages never use.
 */
export function rehypeHighlightCode() {
  const lowlight = createLowlight(registeredLanguages);
  return (tree: Root) => visit(tree, lowlight);
}
