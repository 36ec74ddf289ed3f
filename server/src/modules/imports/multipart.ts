// Reads a multipart upload (busboy): its text fields and at most one file, stopping at `maxBytes`
// (then `tooLarge`) without holding more than that in memory.
import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';

export interface MultipartUpload {
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer } | null;
  tooLarge: boolean;
}

export function readMultipart(req: IncomingMessage, maxBytes: number): Promise<MultipartUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 200_000, parts: 30 } });
    } catch (err) {
      reject(err);
      return;
    }
    const fields: Record<string, string> = {};
    let file: MultipartUpload['file'] = null;
    let tooLarge = false;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        file = { name: info.filename ?? '', bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('error', reject);
    parser.on('close', () => resolve({ fields, file, tooLarge }));
    req.pipe(parser);
  });
}
