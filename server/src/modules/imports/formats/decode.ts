// Bytes → text for every import format: UTF-8 (with or without a BOM), UTF-16 LE/BE with a BOM, and
// Windows-1251 (Excel's "CSV" on a Russian Windows) told apart from broken UTF-8 by what it reads as.
import iconv from 'iconv-lite';
import { importError } from '../import-error.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Share of characters that a cp1251 reading must turn into Cyrillic, ASCII or common punctuation. */
const PLAUSIBLE_SHARE = 0.97;
/** Share of Cyrillic words that may also hold Latin letters (product names like "iPhone-чехол" do). */
const MIXED_SHARE = 0.2;
const PLAUSIBLE = /[\u0020-\u007e\t\r\n\u0400-\u04ff\u00a0\u00ab\u00bb\u2013\u2014\u2026\u201c\u201d\u201e\u2116\u00b0\u00a7]/u;

export function decodeImportFile(bytes: Uint8Array): string {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return strictUtf8(bytes.subarray(3));
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return cp1251(bytes);
  }
  // Valid UTF-8 that holds NUL bytes is binary (a zip, a spreadsheet) or UTF-16 without its BOM.
  if (text.includes('\u0000')) throw importError('encoding');
  return text;
}

function strictUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw importError('encoding');
  }
}

function cp1251(bytes: Uint8Array): string {
  // A NUL byte means binary (or UTF-16 without a BOM), never a cp1251 text.
  if (bytes.includes(0)) throw importError('encoding');
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'win1251');
  let plausible = 0;
  let cyrillic = 0;
  for (const ch of text) {
    if (PLAUSIBLE.test(ch)) plausible += 1;
    if (ch >= '\u0400' && ch <= '\u04ff') cyrillic += 1;
  }
  const length = [...text].length;
  if (!cyrillic || plausible / length < PLAUSIBLE_SHARE) throw importError('encoding');
  // Latin-1 (or another single-byte Latin code page) also reads as "Cyrillic" in cp1251, but its
  // accented letters then sit inside Latin words ("Café" → "Cafй"); real Russian words do not mix.
  const words = text.match(/\p{L}+/gu) ?? [];
  const cyrillicWords = words.filter((w) => /[\u0400-\u04ff]/u.test(w));
  const mixed = cyrillicWords.filter((w) => /[a-z]/i.test(w)).length;
  if (mixed > cyrillicWords.length * MIXED_SHARE) throw importError('encoding');
  return text;
}
