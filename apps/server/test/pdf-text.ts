import { inflateSync } from 'node:zlib';

/**
 * The text lines of a PDF written with the standard fonts (pdfkit's Helvetica): each content stream inflated, each
 * `[<hex> kern <hex>] TJ` array read as one line (the kerning numbers dropped, the hex decoded as WinAnsi, which is
 * Latin-1 for every Spanish letter). Enough to read a receipt's texts back; not a general PDF reader.
 */
export function pdfLines(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  // pdfkit writes "stream\n" + data + "\nendstream": no optional "\r" here, or a compressed stream whose last byte
  // happens to be 0x0D would lose it (and fail to inflate).
  for (const m of raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines;
}

/** The PDF's text as one string, its lines joined by line breaks. */
export const pdfText = (pdf: Buffer) => pdfLines(pdf).join('\n');
