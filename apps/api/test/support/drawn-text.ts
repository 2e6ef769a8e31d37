import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import type { OcrBox } from '../../src/domains/providers/index.ts';

/**
 * Pictures of text drawn for the OCR tests: DejaVu Sans (the npm package's, so every machine draws
 * the same glyphs, Vietnamese marks included) in black on white, with where each word was drawn.
 */

const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), 'DejaVu Sans');

export interface Drawn {
  png: Buffer;
  width: number;
  height: number;
  /** Where each word of each line was drawn. */
  words: { text: string; box: OcrBox }[][];
}

/** Black DejaVu Sans on white, a line under the other; `angle` turns the whole picture. */
export function draw(lines: readonly string[], size: number, angle = 0): Drawn {
  const margin = size;
  const probe = createCanvas(1, 1).getContext('2d');
  probe.font = `${size}px "DejaVu Sans"`;
  const width =
    Math.ceil(Math.max(...lines.map((line) => probe.measureText(line).width))) + 2 * margin;
  const step = Math.round(size * 1.8);
  const height = lines.length * step + 2 * margin;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = 'white';
  context.fillRect(0, 0, width, height);
  context.translate(width / 2, height / 2);
  context.rotate((angle * Math.PI) / 180);
  context.translate(-width / 2, -height / 2);
  context.fillStyle = 'black';
  context.font = `${size}px "DejaVu Sans"`;
  context.textBaseline = 'alphabetic';
  const words = lines.map((line, index) => {
    const baseline = margin + index * step + size;
    context.fillText(line, margin, baseline);
    let offset = 0;
    return line.split(' ').map((word) => {
      const metrics = context.measureText(word);
      const box = {
        x: margin + offset,
        y: baseline - metrics.actualBoundingBoxAscent,
        width: metrics.width,
        height: metrics.actualBoundingBoxAscent + metrics.actualBoundingBoxDescent,
      };
      offset += context.measureText(`${word} `).width;
      return { text: word, box };
    });
  });
  return { png: canvas.toBuffer('image/png'), width, height, words };
}

/**
 * A table drawn as text in columns (no rules): each row on its line, each cell starting at its
 * column's left edge, columns `gap` pixels apart beyond the widest cell.
 */
export function drawTable(rows: readonly (readonly string[])[], size: number, gap: number): Buffer {
  const margin = size;
  const probe = createCanvas(1, 1).getContext('2d');
  probe.font = `${size}px "DejaVu Sans"`;
  const columns = Math.max(...rows.map((row) => row.length));
  const lefts: number[] = [];
  let left = margin;
  for (let column = 0; column < columns; column += 1) {
    lefts.push(left);
    const widest = Math.max(...rows.map((row) => probe.measureText(row[column] ?? '').width));
    left += Math.ceil(widest) + gap;
  }
  const width = left - gap + margin;
  const step = Math.round(size * 1.8);
  const height = rows.length * step + 2 * margin;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = 'white';
  context.fillRect(0, 0, width, height);
  context.fillStyle = 'black';
  context.font = `${size}px "DejaVu Sans"`;
  rows.forEach((row, index) => {
    row.forEach((cell, column) => {
      context.fillText(cell, lefts[column] ?? margin, margin + index * step + size);
    });
  });
  return canvas.toBuffer('image/png');
}
