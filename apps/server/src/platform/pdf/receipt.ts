import { createHmac } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { pdfInstant } from './format';

/** One block of a receipt: a heading and its label/value lines (values already written in es-AR). */
export type ReceiptSection = { heading: string; rows: ReadonlyArray<readonly [label: string, value: string]> };

/** What a printable receipt (comprobante) says: who issues it, what it is about, and how to check it. */
export type Receipt = {
  /** The bank that issues it (its name heads the page). */
  bank: string;
  /** "Comprobante de depósito en custodia", "Comprobante de descuento de ECHEQ"… */
  title: string;
  /** The state the record is in when printed, shown under the title. */
  status: string;
  sections: readonly ReceiptSection[];
  /** When it was issued (the server's clock). */
  issuedAt: Date;
  /** See verificationId. */
  verificationId: string;
};

/**
 * A receipt's verification id: an HMAC of what it certifies (the record's kind, id, version and state) with the
 * server's secret key, as 5 groups of 4 hex digits. The bank recomputes it to tell a genuine receipt from an edited
 * one; a record that changed (new version or state) gives a new id.
 */
export function verificationId(key: Buffer, parts: readonly (string | number)[]): string {
  const hex = createHmac('sha256', key).update(parts.join('|')).digest('hex').slice(0, 20).toUpperCase();
  return hex.match(/.{4}/g)!.join('-');
}

const MARGIN = 56;
const LABEL_WIDTH = 190;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';

/**
 * Writes a receipt as an A4 PDF in the bank portals' plain layout: the bank and the title, the state, one block per
 * section with its label/value lines, and a foot with the instant and the verification id. Helvetica (the PDF's
 * standard fonts, WinAnsi: every Spanish letter) keeps the file small and needs no font files.
 */
export function renderReceipt(r: Receipt): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'es-AR',
    displayTitle: true,
    info: {
      Title: `${r.title} — ${r.bank}`,
      Author: r.bank,
      Subject: `Verificación ${r.verificationId}`,
      Creator: 'ECHEQ Platform',
      CreationDate: r.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(r.bank, { width });
  doc.moveDown(0.2).font('Helvetica').fontSize(13).text(r.title, { width });
  doc.moveDown(0.3).fontSize(10).fillColor(MUTED).text(`Estado: `, { continued: true });
  doc.fillColor(INK).font('Helvetica-Bold').text(r.status);
  rule(doc, width);

  for (const section of r.sections) {
    doc
      .moveDown(0.6)
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(section.heading, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
    for (const [label, value] of section.rows) {
      const y = doc.y;
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(MUTED)
        .text(label, MARGIN, y, { width: LABEL_WIDTH - 10 });
      const afterLabel = doc.y;
      doc.fillColor(INK).text(value, MARGIN + LABEL_WIDTH, y, { width: width - LABEL_WIDTH });
      doc.y = Math.max(doc.y, afterLabel) + 3;
    }
  }

  rule(doc, width);
  doc.moveDown(0.6).font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(`Emitido el ${pdfInstant(r.issuedAt)}`, MARGIN, doc.y, { width });
  doc.text(`Código de verificación: ${r.verificationId}`, { width });
  doc.text('Comprobante emitido por ECHEQ Platform. Consérvelo como constancia de la operación.', { width });
  doc.end();
  return done;
}

function rule(doc: PDFKit.PDFDocument, width: number) {
  doc.moveDown(0.6);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .strokeColor(RULE)
    .lineWidth(1)
    .stroke();
}
