// Keyset cursors of the issue list are signed (issue 11, M1): the server only ever reads back a
// cursor it made, so a forged one is a 400 instead of values cast into SQL that may not fit.
import { invalidCursor } from '../../http/errors.ts';
import { macSigner } from '../../http/mac.ts';

export interface Cursor {
  /** `sort:order` the cursor belongs to. */
  k: string;
  /** The last row's sort values, as text. */
  v: string[];
  id: number;
}

export interface CursorCodec {
  encode(c: Cursor): string;
  decode(raw: string, k: string, size: number): Cursor;
}

/** `secret` is the server's session secret; the cursor key is derived from it, so every instance agrees. */
export function cursorCodec(secret: string): CursorCodec {
  const signer = macSigner(secret, 'issue-list-cursor');
  return {
    encode(c) {
      const payload = Buffer.from(JSON.stringify(c)).toString('base64url');
      return `${payload}.${signer.sign(payload)}`;
    },
    decode(raw, k, size) {
      const [payload, signature, extra] = raw.split('.');
      if (!payload || !signature || extra !== undefined) throw invalidCursor();
      if (!signer.verify(payload, signature)) throw invalidCursor();
      try {
        const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Cursor;
        if (c.k === k && Array.isArray(c.v) && c.v.length === size && c.v.every((v) => typeof v === 'string') && Number.isInteger(c.id)) return c;
      } catch {
        // a signed cursor always parses; fall through to the same 400
      }
      // Signed, but for another sort or order: the client changed the query and kept the cursor.
      throw invalidCursor();
    },
  };
}
