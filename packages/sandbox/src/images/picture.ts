import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { styleOf, type PictureStyle } from './prompt.ts';

/**
 * The sandbox's "diffusion model": an SVG composition drawn from a hash of what was asked, so the
 * same prompt, seed, variant index and size always give the same picture, and any change gives a
 * visibly different one. The prompt is written on it and a "SANDBOX" mark says what it is.
 */

export interface PictureSpec {
  /** The prompt as it is drawn (magic words already taken out). */
  prompt: string;
  negativePrompt: string | null;
  /** The provider's style parameter, when one was sent (also read for style words). */
  style: string | null;
  seed: number;
  /** Which variant of the request (0-based): each one gets its own composition. */
  index: number;
  width: number;
  height: number;
}

/** The most prompt characters drawn: the box holds a few lines, not an essay. */
const maxDrawnCharacters = 240;
const maxPromptLines = 4;

/** A small deterministic generator (mulberry32) seeded from the digest of the spec. */
function randomFrom(spec: PictureSpec): () => number {
  const digest = createHash('sha256')
    .update(
      JSON.stringify([
        spec.prompt,
        spec.negativePrompt,
        spec.style,
        spec.seed,
        spec.index,
        spec.width,
        spec.height,
      ]),
    )
    .digest();
  let state = digest.readUInt32BE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Text for SVG: the XML special characters escaped, and characters XML 1.0 cannot hold (C0
 * controls, lone surrogates, U+FFFE/U+FFFF) dropped, so no prompt can break out of its element
 * or make the renderer fail.
 */
export function escapeForSvg(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- the point is to remove control characters
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** Cut to `limit` code points (never inside a surrogate pair), with an ellipsis when cut. */
function clip(text: string, limit: number): string {
  const points = Array.from(text);
  return points.length <= limit ? text : `${points.slice(0, limit - 1).join('')}…`;
}

/** Word-wrap to lines of at most `width` code points, breaking words longer than a line. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = Array.from(word);
    while (rest.length > 0) {
      const room = line ? width - Array.from(line).length - 1 : width;
      if (rest.length <= room) {
        line = line ? `${line} ${rest.join('')}` : rest.join('');
        rest = [];
      } else if (line) {
        lines.push(line);
        line = '';
      } else {
        lines.push(rest.slice(0, width).join(''));
        rest = rest.slice(width);
      }
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${clip(kept[maxLines - 1] ?? '', Math.max(2, width - 1))}…`.replace(
    /……$/,
    '…',
  );
  return kept;
}

interface Palette {
  hue: number;
  saturation: number;
  lightness: number;
  opacity: number;
}

const palettes: Record<PictureStyle, Palette> = {
  plain: { hue: 0, saturation: 65, lightness: 55, opacity: 0.78 },
  anime: { hue: 0, saturation: 90, lightness: 58, opacity: 0.95 },
  manga: { hue: 0, saturation: 0, lightness: 45, opacity: 0.9 },
  watercolor: { hue: 0, saturation: 55, lightness: 70, opacity: 0.5 },
  chibi: { hue: 0, saturation: 70, lightness: 78, opacity: 0.9 },
};

const fixed = (value: number) => value.toFixed(1);
const hsl = (hue: number, saturation: number, lightness: number) =>
  `hsl(${Math.round(hue) % 360},${Math.round(saturation)}%,${Math.round(lightness)}%)`;

interface Layer {
  /** Gradients the shapes fill with. */
  defs: string[];
  drawn: string[];
}

function shapes(random: () => number, style: PictureStyle, width: number, height: number): Layer {
  const palette = palettes[style];
  const base = random() * 360;
  const side = Math.min(width, height);
  const outline =
    style === 'anime' || style === 'manga'
      ? ` stroke="rgb(20,20,30)" stroke-width="${fixed(Math.max(1, side / 110))}"`
      : '';
  const count = 3 + Math.floor(random() * 4);
  const layer: Layer = { defs: [], drawn: [] };
  for (let i = 0; i < count; i += 1) {
    const fill = hsl(base + 47 * i + random() * 40, palette.saturation, palette.lightness);
    // Watercolour washes fade out to their edges (a radial gradient: a blur filter is ~40× slower).
    if (style === 'watercolor') {
      layer.defs.push(
        `<radialGradient id="wash${i}"><stop offset="0.3" stop-color="${fill}" stop-opacity="${palette.opacity}"/><stop offset="1" stop-color="${fill}" stop-opacity="0"/></radialGradient>`,
      );
    }
    const paint =
      style === 'watercolor'
        ? `fill="url(#wash${i})"`
        : `fill="${fill}" fill-opacity="${palette.opacity}"${outline}`;
    const x = random() * width;
    const y = random() * height * 0.7;
    const size = side * (0.12 + random() * 0.22) * (style === 'watercolor' ? 1.6 : 1);
    const kind = style === 'chibi' ? 0 : Math.floor(random() * 3);
    if (kind === 0) {
      layer.drawn.push(`<circle cx="${fixed(x)}" cy="${fixed(y)}" r="${fixed(size)}" ${paint}/>`);
    } else if (kind === 1) {
      layer.drawn.push(
        `<rect x="${fixed(x - size)}" y="${fixed(y - size / 2)}" width="${fixed(size * 2)}" height="${fixed(size)}" rx="${fixed(size / 5)}" transform="rotate(${fixed(random() * 90 - 45)} ${fixed(x)} ${fixed(y)})" ${paint}/>`,
      );
    } else {
      const points = [0, 1, 2]
        .map((corner) => {
          const angle = random() * 0.6 + (corner * Math.PI * 2) / 3;
          return `${fixed(x + Math.cos(angle) * size)},${fixed(y + Math.sin(angle) * size)}`;
        })
        .join(' ');
      layer.drawn.push(`<polygon points="${points}" ${paint}/>`);
    }
  }
  if (style === 'anime') layer.drawn.push(...sparkles(random, width, height));
  if (style === 'chibi') layer.drawn.push(chibiFace(random, width, height));
  if (style === 'manga') layer.drawn.push(hatching(width, height));
  return layer;
}

/**
 * Manga: diagonal hatching over everything, one path (a dotted screentone pattern has thousands
 * of tiles and takes seconds to render).
 */
function hatching(width: number, height: number): string {
  const side = Math.min(width, height);
  const step = Math.max(4, side / 70);
  const lines: string[] = [];
  for (let offset = -height; offset < width; offset += step) {
    lines.push(`M ${fixed(offset)} ${height} L ${fixed(offset + height)} 0`);
  }
  return `<path d="${lines.join(' ')}" stroke="black" stroke-opacity="0.18" stroke-width="${fixed(step / 4)}"/>`;
}

/** Anime: four-pointed white sparkles. */
function sparkles(random: () => number, width: number, height: number): string[] {
  const side = Math.min(width, height);
  return [0, 1, 2, 3, 4].map(() => {
    const x = random() * width;
    const y = random() * height * 0.65;
    const r = side * (0.02 + random() * 0.03);
    const w = r / 4;
    const points = [
      [x, y - r],
      [x + w, y - w],
      [x + r, y],
      [x + w, y + w],
      [x, y + r],
      [x - w, y + w],
      [x - r, y],
      [x - w, y - w],
    ]
      .map(([px, py]) => `${fixed(px ?? 0)},${fixed(py ?? 0)}`)
      .join(' ');
    return `<polygon points="${points}" fill="white" fill-opacity="0.95"/>`;
  });
}

/** Chibi: one big round face with big eyes and blush. */
function chibiFace(random: () => number, width: number, height: number): string {
  const side = Math.min(width, height);
  const r = side * 0.22;
  const cx = width * (0.35 + random() * 0.3);
  const cy = height * 0.4;
  const eye = r * 0.16;
  const ink = 'rgb(40,30,40)';
  return [
    `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r)}" fill="hsl(30,80%,88%)" stroke="${ink}" stroke-width="${fixed(side / 160)}"/>`,
    `<circle cx="${fixed(cx - r * 0.38)}" cy="${fixed(cy)}" r="${fixed(eye)}" fill="${ink}"/>`,
    `<circle cx="${fixed(cx + r * 0.38)}" cy="${fixed(cy)}" r="${fixed(eye)}" fill="${ink}"/>`,
    `<ellipse cx="${fixed(cx - r * 0.6)}" cy="${fixed(cy + r * 0.3)}" rx="${fixed(eye * 1.3)}" ry="${fixed(eye * 0.7)}" fill="hsl(350,80%,75%)"/>`,
    `<ellipse cx="${fixed(cx + r * 0.6)}" cy="${fixed(cy + r * 0.3)}" rx="${fixed(eye * 1.3)}" ry="${fixed(eye * 0.7)}" fill="hsl(350,80%,75%)"/>`,
    `<path d="M ${fixed(cx - r * 0.15)} ${fixed(cy + r * 0.35)} Q ${fixed(cx)} ${fixed(cy + r * 0.5)} ${fixed(cx + r * 0.15)} ${fixed(cy + r * 0.35)}" fill="none" stroke="${ink}" stroke-width="${fixed(side / 200)}"/>`,
  ].join('');
}

function skyGradient(random: () => number, style: PictureStyle): string {
  const palette = palettes[style];
  const hue = random() * 360;
  const from = hsl(hue, palette.saturation * 0.8, style === 'manga' ? 92 : 30 + random() * 20);
  const to = hsl(hue + 90 + random() * 120, palette.saturation, style === 'manga' ? 70 : 55);
  const angle = random() * Math.PI * 2;
  const gradient =
    `<linearGradient id="sky" x1="${fixed(0.5 - Math.cos(angle) / 2)}" y1="${fixed(0.5 - Math.sin(angle) / 2)}" ` +
    `x2="${fixed(0.5 + Math.cos(angle) / 2)}" y2="${fixed(0.5 + Math.sin(angle) / 2)}">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
  return gradient;
}

function promptBox(spec: PictureSpec): string {
  const { width, height } = spec;
  const side = Math.min(width, height);
  const fontSize = Math.max(8, Math.round(side / 26));
  const margin = Math.round(side / 24);
  const padding = Math.round(fontSize * 0.7);
  const charsPerLine = Math.max(
    6,
    Math.floor((width - 2 * margin - 2 * padding) / (fontSize * 0.6)),
  );
  const lineHeight = Math.round(fontSize * 1.3);
  const roomForLines = Math.floor((height * 0.45 - 2 * padding) / lineHeight);
  const lines = wrapText(
    clip(spec.prompt.replace(/\s+/g, ' ').trim(), maxDrawnCharacters),
    charsPerLine,
    Math.max(1, Math.min(maxPromptLines, roomForLines)),
  );
  const negative = spec.negativePrompt?.trim()
    ? clip(`− ${spec.negativePrompt.replace(/\s+/g, ' ').trim()}`, charsPerLine)
    : null;
  const rows = lines.length + (negative ? 1 : 0);
  const boxHeight = rows * lineHeight + 2 * padding;
  const top = height - margin - boxHeight;
  const text = (row: number, content: string, tone: string) =>
    `<text x="${margin + padding}" y="${top + padding + row * lineHeight + fontSize}" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" fill="${tone}">${escapeForSvg(content)}</text>`;
  return [
    `<rect x="${margin}" y="${top}" width="${width - 2 * margin}" height="${boxHeight}" rx="${Math.round(fontSize / 2)}" fill="white" fill-opacity="0.88"/>`,
    ...lines.map((line, row) => text(row, line, 'rgb(17,17,17)')),
    ...(negative ? [text(lines.length, negative, 'rgb(110,110,110)')] : []),
  ].join('');
}

/** The "SANDBOX" mark in the top-left corner, on a dark pill so it reads on any background. */
function sandboxMark(width: number, height: number): string {
  const side = Math.min(width, height);
  const fontSize = Math.max(8, Math.round(side / 20));
  const margin = Math.round(side / 24);
  const pillWidth = Math.round(fontSize * 6.8);
  const pillHeight = Math.round(fontSize * 1.6);
  return (
    `<rect x="${margin}" y="${margin}" width="${pillWidth}" height="${pillHeight}" rx="${Math.round(pillHeight / 2)}" fill="black" fill-opacity="0.6"/>` +
    `<text x="${margin + pillWidth / 2}" y="${margin + pillHeight / 2 + fontSize * 0.36}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${fontSize}" letter-spacing="${fixed(fontSize / 10)}" fill="white">SANDBOX</text>`
  );
}

/** The picture as SVG source (exported for tests: its text is what an injection would break). */
export function pictureSvg(spec: PictureSpec): string {
  const { width, height } = spec;
  const random = randomFrom(spec);
  const style = styleOf(`${spec.prompt} ${spec.style ?? ''}`);
  const sky = skyGradient(random, style);
  const layer = shapes(random, style, width, height);
  const body = [
    `<defs>${sky}${layer.defs.join('')}</defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    ...layer.drawn,
    promptBox(spec),
    sandboxMark(width, height),
  ].join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** The picture, rendered at exactly width × height: decoded RGBA pixels. */
export async function renderPixels(spec: PictureSpec): Promise<Buffer> {
  return sharp(Buffer.from(pictureSvg(spec)))
    .resize(spec.width, spec.height, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer();
}

export type OutputFormat = 'png' | 'jpeg' | 'webp';

export const mimeTypes: Record<OutputFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

function encoded(image: Sharp, format: OutputFormat): Promise<Buffer> {
  // JPEG has no alpha: what is transparent becomes white, as an editor would show it.
  if (format === 'jpeg') return image.flatten({ background: 'white' }).jpeg().toBuffer();
  if (format === 'webp') return image.webp().toBuffer();
  return image.png().toBuffer();
}

/** Encode RGBA pixels of width × height. */
export function encodePixels(
  pixels: Buffer,
  width: number,
  height: number,
  format: OutputFormat,
): Promise<Buffer> {
  return encoded(sharp(pixels, { raw: { width, height, channels: 4 } }), format);
}

/** The picture, encoded. */
export function renderPicture(spec: PictureSpec, format: OutputFormat = 'png'): Promise<Buffer> {
  const image = sharp(Buffer.from(pictureSvg(spec)));
  return encoded(image.resize(spec.width, spec.height, { fit: 'fill' }), format);
}
