/** assets/app-icon.svg から PWA とホーム画面用の PNG アイコンを作る: tsx scripts/icons.ts */
import {readFileSync, writeFileSync} from 'node:fs';
import {Resvg} from '@resvg/resvg-js';

export const iconSizes = [
  {file: 'static/img/icons/icon-192.png', size: 192},
  {file: 'static/img/icons/icon-512.png', size: 512},
  {file: 'static/img/icons/apple-touch-icon.png', size: 180},
] as const;

const svg = readFileSync('assets/app-icon.svg', 'utf8');

for (const {file, size} of iconSizes) {
  const png = new Resvg(svg, {fitTo: {mode: 'width', value: size}}).render().asPng();
  writeFileSync(file, png);
  console.log(`${file}: ${size}×${size}, ${png.length} bytes`);
}
