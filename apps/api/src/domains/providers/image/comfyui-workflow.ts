/**
 * A ComfyUI workflow in its API format (ComfyUI's "Export (API)"), with placeholders where a
 * request's values go: `"{{prompt}}"`, `"{{negative_prompt}}"` (strings, alone or inside a longer
 * text such as `"masterpiece, {{prompt}}"`) and `{{seed}}`, `{{width}}`, `{{height}}`,
 * `{{batch_size}}` (numbers, quoted or not). COMFYUI_WORKFLOW names the file; it is checked at
 * start and filled for every generation.
 */

export const comfyPlaceholders = [
  'prompt',
  'negative_prompt',
  'seed',
  'width',
  'height',
  'batch_size',
] as const;
export type ComfyPlaceholder = (typeof comfyPlaceholders)[number];

const numericPlaceholders = new Set<ComfyPlaceholder>(['seed', 'width', 'height', 'batch_size']);

export interface ComfyWorkflow {
  /** The workflow, every placeholder as a string (`"{{seed}}"`), as JSON.parse made it. */
  graph: Record<string, unknown>;
  /** The placeholders it holds: they decide what the model can do (a seed, a negative prompt). */
  placeholders: ComfyPlaceholder[];
}

export type ComfyValues = Record<ComfyPlaceholder, string | number>;

const placeholderPattern = /\{\{\s*([a-z_]+)\s*\}\}/g;

/**
 * A bare `{{seed}}` is not JSON: quote those outside strings (a scan that knows where strings
 * are, so `"a, {{prompt}}"` stays as it is), then they are filled as numbers.
 */
function quoteBarePlaceholders(text: string): string {
  let out = '';
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? '';
    if (inString) {
      out += char;
      if (char === '\\') {
        out += text[index + 1] ?? '';
        index += 1;
      } else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    const bare = char === '{' ? /^\{\{\s*[a-z_]+\s*\}\}/.exec(text.slice(index, index + 40)) : null;
    if (bare) {
      out += `"${bare[0]}"`;
      index += bare[0].length - 1;
    } else out += char;
  }
  return out;
}

/** The workflow file's text, checked: JSON (numeric placeholders may be bare), with {{prompt}}. */
export function parseComfyWorkflow(
  text: string,
): { workflow: ComfyWorkflow } | { problem: string } {
  const quoted = quoteBarePlaceholders(text);
  let graph: unknown;
  try {
    graph = JSON.parse(quoted);
  } catch (error) {
    return { problem: `is not valid JSON (${(error as Error).message})` };
  }
  if (typeof graph !== 'object' || graph === null || Array.isArray(graph)) {
    return { problem: "must be a workflow in ComfyUI's API format (an object of nodes)" };
  }
  const nodes = Object.values(graph);
  if (nodes.some((node) => typeof node !== 'object' || node === null || !('class_type' in node))) {
    return {
      problem:
        "must be a workflow in ComfyUI's API format (Export (API)): every node needs a class_type",
    };
  }
  const found = new Set<string>();
  for (const match of quoted.matchAll(placeholderPattern)) found.add(match[1] ?? '');
  const unknown = [...found].filter(
    (name) => !(comfyPlaceholders as readonly string[]).includes(name),
  );
  if (unknown.length > 0) {
    return {
      problem: `has unknown placeholders ${unknown.map((name) => `{{${name}}}`).join(', ')}; use ${comfyPlaceholders.map((name) => `{{${name}}}`).join(', ')}`,
    };
  }
  if (!found.has('prompt')) return { problem: 'has no {{prompt}} placeholder' };
  return {
    workflow: {
      graph: graph as Record<string, unknown>,
      placeholders: comfyPlaceholders.filter((name) => found.has(name)),
    },
  };
}

function fill(value: unknown, values: ComfyValues): unknown {
  if (typeof value === 'string') {
    const whole = /^\{\{\s*([a-z_]+)\s*\}\}$/.exec(value)?.[1] as ComfyPlaceholder | undefined;
    if (whole && numericPlaceholders.has(whole)) return Number(values[whole]);
    return value.replace(placeholderPattern, (_, name: ComfyPlaceholder) => String(values[name]));
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, values));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fill(item, values)]),
    );
  }
  return value;
}

/** A copy of the workflow with the request's values in place of its placeholders. */
export function fillComfyWorkflow(
  workflow: ComfyWorkflow,
  values: ComfyValues,
): Record<string, unknown> {
  return fill(workflow.graph, values) as Record<string, unknown>;
}
