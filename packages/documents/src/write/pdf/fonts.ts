import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/** The faces a written PDF uses: DejaVu Sans in four, and DejaVu Sans Mono for code. */
export const faceNames = ['regular', 'bold', 'italic', 'boldItalic', 'mono'] as const;
export type FaceName = (typeof faceNames)[number];

const faceFiles: Record<FaceName, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
  mono: 'DejaVuSansMono.ttf',
};

const require = createRequire(import.meta.url);
let fontFiles: Promise<Record<FaceName, Uint8Array>> | null = null;

/** The font files, read once per process (about 2.2 MB together). */
function readFontFiles(): Promise<Record<FaceName, Uint8Array>> {
  const read = (face: FaceName): Promise<Uint8Array> =>
    readFile(require.resolve(`dejavu-fonts-ttf/ttf/${faceFiles[face]}`));
  fontFiles ??= Promise.all(faceNames.map(read)).then(
    ([regular, bold, italic, boldItalic, mono]) => {
      if (!regular || !bold || !italic || !boldItalic || !mono)
        throw new Error('A font is missing');
      return { regular, bold, italic, boldItalic, mono };
    },
  );
  return fontFiles;
}

export type StyleFace = Exclude<FaceName, 'mono'>;

export const styleFace = (bold: boolean, italic: boolean): StyleFace =>
  bold ? (italic ? 'boldItalic' : 'bold') : italic ? 'italic' : 'regular';

/** A document's embedded faces, with what each can draw and a cache of measured widths. */
export class PdfFonts {
  private readonly widths = new Map<string, number>();
  private readonly characterSets = new Map<FaceName, Set<number>>();

  private constructor(private readonly fonts: Record<FaceName, PDFFont>) {}

  /** Embeds the faces as subsets: only the glyphs the document draws are stored. */
  static async embed(document: PDFDocument): Promise<PdfFonts> {
    const files = await readFontFiles();
    document.registerFontkit(fontkit);
    const embed = (face: FaceName): Promise<PDFFont> =>
      document.embedFont(files[face], { subset: true });
    return new PdfFonts({
      regular: await embed('regular'),
      bold: await embed('bold'),
      italic: await embed('italic'),
      boldItalic: await embed('boldItalic'),
      mono: await embed('mono'),
    });
  }

  font(face: FaceName): PDFFont {
    return this.fonts[face];
  }

  /** Width in points of text drawn in a face, measured once per face, size and text. */
  measure(text: string, face: FaceName, size: number): number {
    const key = `${face}\u0000${size}\u0000${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.fonts[face].widthOfTextAtSize(text, size);
      this.widths.set(key, width);
    }
    return width;
  }

  private covers(face: FaceName, code: number): boolean {
    let characters = this.characterSets.get(face);
    if (!characters) {
      characters = new Set(this.fonts[face].getCharacterSet());
      this.characterSets.set(face, characters);
    }
    return characters.has(code);
  }

  /**
   * Text cut into stretches each face can draw. DejaVu Sans Mono lacks the Vietnamese letters
   * with a hook or two marks (ả, ế, ổ, …): those are drawn in DejaVu Sans, which has them all. A
   * character neither has (an emoji, a CJK ideograph) becomes U+FFFD, a visible mark that
   * something was there, rather than a blank or a wrong glyph. Line breaks stay; tabs become
   * four spaces.
   */
  segments(text: string, face: FaceName): { text: string; face: FaceName }[] {
    const out: { text: string; face: FaceName }[] = [];
    for (const character of text.replace(/\t/g, '    ')) {
      const code = character.codePointAt(0) ?? 0;
      const [drawn, drawnFace]: [string, FaceName] =
        code === 10 || this.covers(face, code)
          ? [character, face]
          : this.covers('regular', code)
            ? [character, 'regular']
            : ['\uFFFD', face];
      const last = out.at(-1);
      if (last && last.face === drawnFace) last.text += drawn;
      else out.push({ text: drawn, face: drawnFace });
    }
    return out;
  }
}
