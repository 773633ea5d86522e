/**
 * "Download as image": the receipt's lines drawn on a canvas and saved as a PNG. Plain canvas, no
 * library: the receipt is text, and this module is only fetched when the button is pressed.
 */
import { saveBlob } from '@/lib/save-file.js';

const WIDTH = 720;
const PADDING = 40;
const LINE = 44;
const LABEL_WIDTH = 200;

/** Splits `text` into lines no wider than `width` on the canvas. */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const words = text.split(' ');
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (context.measureText(next).width > width && current) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

export async function receiptPng(title: string, rows: ReadonlyArray<[string, string]>): Promise<Blob> {
  const canvas = document.createElement('canvas');
  const measure = canvas.getContext('2d');
  if (!measure) throw new Error('canvas unavailable');
  measure.font = '26px system-ui, sans-serif';
  const valueWidth = WIDTH - PADDING * 2 - LABEL_WIDTH;
  const wrapped = rows.map(([label, value]) => [label, wrap(measure, value, valueWidth)] as const);
  const height = PADDING * 2 + 70 + wrapped.reduce((sum, [, lines]) => sum + lines.length * LINE, 0);
  canvas.width = WIDTH;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, WIDTH, height);
  context.fillStyle = '#0f172a';
  context.font = 'bold 32px system-ui, sans-serif';
  context.textBaseline = 'top';
  context.fillText(title, PADDING, PADDING);
  let y = PADDING + 70;
  for (const [label, lines] of wrapped) {
    context.font = '24px system-ui, sans-serif';
    context.fillStyle = '#64748b';
    context.fillText(label, PADDING, y);
    context.font = '26px system-ui, sans-serif';
    context.fillStyle = '#0f172a';
    for (const line of lines) {
      context.fillText(line, PADDING + LABEL_WIDTH, y);
      y += LINE;
    }
  }
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png'));
}

/** Draws the receipt and hands it to the browser as a download. */
export async function downloadReceiptImage(title: string, rows: ReadonlyArray<[string, string]>, fileName: string): Promise<void> {
  saveBlob(await receiptPng(title, rows), fileName);
}
