import { apiDownload, type QueryParams } from './api-client';

/** Saves a blob under a file name through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a file with the session's token and saves it under the server's file name (or `fallback`). */
export async function downloadFile(path: string, fallback: string, query?: QueryParams): Promise<string> {
  const { blob, filename } = await apiDownload(path, { ...(query ? { query } : {}), timeoutMs: 30_000 });
  const name = filename ?? fallback;
  saveBlob(blob, name);
  return name;
}
