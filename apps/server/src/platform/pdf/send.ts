import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AUTHED, responses } from '../http/responses';

/** A PDF route's response map (for the OpenAPI document): the file, or the usual errors of a record's detail. */
export const pdfResponses = () => responses(z.string().describe('Documento PDF'), 400, 404, ...AUTHED);

/** Sends a PDF as a download named `filename` (letters, digits, dots and dashes only). */
export function sendPdf(reply: FastifyReply, file: { pdf: Buffer; filename: string }) {
  const name = file.filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(file.pdf);
}
