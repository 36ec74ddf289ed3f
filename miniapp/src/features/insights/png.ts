// A drawn chart as a PNG file: its SVG copied with the computed styles written in as presentation
// attributes (the copy is an image on its own, without the page's stylesheets, in the theme it was
// drawn in; style attributes the app's Content-Security-Policy would refuse), Chartist's HTML
// labels (foreignObject, which an image drawn to a canvas would lose or be tainted by) replaced by
// SVG text where the browser laid them out, the title and the legend above, then drawn to a canvas.
const SVG = 'http://www.w3.org/2000/svg';
const STYLES = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-dasharray', 'stroke-linecap', 'opacity'];
const HEAD = 52;

export interface PngHeading {
  title: string;
  legend: readonly { name: string; color: string }[];
  background: string;
  text: string;
  font: string;
}

const element = (doc: Document, name: string, attributes: Record<string, string | number>, text?: string) => {
  const el = doc.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  if (text !== undefined) el.textContent = text;
  return el;
};

export async function chartPng(svg: SVGSVGElement, heading: PngHeading): Promise<Blob> {
  const box = svg.getBoundingClientRect();
  // The copy lives in a document of its own, which has no Content-Security-Policy to report its
  // attributes (the chart's, copied, carry the size and overflow Chartist set) as inline styles.
  const doc = document.implementation.createHTMLDocument('');
  const copy = doc.importNode(svg, true);
  const originals = [...svg.querySelectorAll('*')];
  const copies = [...copy.querySelectorAll('*')];
  originals.forEach((original, i) => {
    if (!(original instanceof SVGElement) || original.closest('foreignObject')) return;
    const computed = getComputedStyle(original);
    const copied = copies[i]!;
    copied.removeAttribute('style');
    for (const property of STYLES) copied.setAttribute(property, computed.getPropertyValue(property));
  });
  const labels = [...svg.querySelectorAll('foreignObject')];
  [...copy.querySelectorAll('foreignObject')].forEach((label, i) => {
    const span = labels[i]?.firstElementChild;
    const range = document.createRange();
    if (span) range.selectNodeContents(span);
    const at = range.getBoundingClientRect();
    const computed = span ? getComputedStyle(span) : null;
    label.replaceWith(
      element(doc, 'text', { x: at.left - box.left, y: at.bottom - box.top - at.height * 0.22, fill: computed?.color ?? heading.text, 'font-size': computed?.fontSize ?? '12px', 'font-family': heading.font }, span?.textContent ?? ''),
    );
  });
  const width = Math.ceil(box.width);
  const height = Math.ceil(box.height) + HEAD;
  const image = element(doc, 'svg', { width, height, viewBox: `0 0 ${width} ${height}` }) as SVGSVGElement;
  // The chart's own size is its <svg>'s; the image's is set above.
  image.append(element(doc, 'rect', { width, height, fill: heading.background }));
  image.append(element(doc, 'text', { x: 8, y: 20, fill: heading.text, 'font-size': '15px', 'font-weight': 600, 'font-family': heading.font }, heading.title));
  let x = 8;
  for (const item of heading.legend) {
    image.append(element(doc, 'rect', { x, y: 32, width: 12, height: 12, rx: 2, fill: item.color }));
    const text = element(doc, 'text', { x: x + 18, y: 43, fill: heading.text, 'font-size': '12px', 'font-family': heading.font }, item.name);
    image.append(text);
    x += 18 + item.name.length * 7 + 16;
  }
  const chart = element(doc, 'g', { transform: `translate(0 ${HEAD})` });
  chart.append(...copy.childNodes);
  image.append(chart);

  const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(image)], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    await new Promise((resolve, reject) => {
      img.onload = resolve;
      img.onerror = reject;
      img.src = url;
    });
    const scale = Math.max(2, Math.ceil(window.devicePixelRatio || 1));
    const canvas = document.createElement('canvas');
    canvas.width = width * scale;
    canvas.height = height * scale;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.scale(scale, scale);
    context.drawImage(img, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas made no PNG'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
