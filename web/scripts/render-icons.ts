/**
 * Draws the installable app's icons (web/public/icons/*.png) from the favicon's mark, in Chromium:
 * `npx tsx web/scripts/render-icons.ts`. The PNGs are committed; run this again only when the mark
 * changes. "any" icons are the favicon's rounded tile; "maskable" ones fill the square and keep the
 * mark inside the central 80 % circle a launcher may crop to (the maskable safe zone).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { THEME_COLOUR } from '../pwa.js';

const outDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const MARK = '<path d="M18 20h8l6 18 6-18h8L36 46h-8z" fill="#fff"/>';

/** The mark on a 64-unit square: a rounded tile ("any"), or the full square with the mark shrunk into the safe zone ("maskable"). */
function iconSvg(purpose: 'any' | 'maskable'): string {
  const tile = purpose === 'any' ? `<rect width="64" height="64" rx="14" fill="${THEME_COLOUR}"/>` : `<rect width="64" height="64" fill="${THEME_COLOUR}"/>`;
  const mark = purpose === 'any' ? MARK : `<g transform="translate(32 33) scale(0.7) translate(-32 -33)">${MARK}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${tile}${mark}</svg>`;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] });
try {
  for (const size of [192, 512]) {
    for (const purpose of ['any', 'maskable'] as const) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${iconSvg(purpose)}`);
      const file = `${outDir}${purpose === 'any' ? 'icon' : 'maskable'}-${size}.png`;
      writeFileSync(file, await page.screenshot({ omitBackground: true, type: 'png' }));
      console.log(`wrote ${file}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
}
