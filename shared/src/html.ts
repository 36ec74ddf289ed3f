// The one HTML escape for text we put into markup we build ourselves: Telegram messages
// (parse_mode HTML knows &amp; &lt; &gt; &quot; and numeric entities), mail and server-rendered pages.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
