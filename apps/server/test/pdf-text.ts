import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdfjs's metrics of the PDF's 14 standard fonts (pdfkit writes Helvetica without embedding it). */
const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * The text lines of a PDF as Mozilla's PDF.js reads them (decision 037): every page's text items in the order the
 * document draws them, each non-blank item one line, trimmed. pdfkit draws each line of a text block as one item, so a
 * receipt's label and its value are separate lines, and a value that wraps is one line per printed line.
 */
export async function pdfLines(pdf: Buffer): Promise<string[]> {
  const task = getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl: STANDARD_FONTS,
    isEvalSupported: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  const doc = await task.promise;
  try {
    const lines: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      for (const item of content.items) {
        const text = 'str' in item ? item.str.trim() : '';
        if (text) lines.push(text);
      }
    }
    return lines;
  } finally {
    await task.destroy();
  }
}

/** The PDF's text as one string, its lines joined by line breaks. */
export const pdfText = async (pdf: Buffer) => (await pdfLines(pdf)).join('\n');
