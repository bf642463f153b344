// The Bangla share image on a host without a Bengali font (issue 66): the API ships Noto Sans and Noto Sans Bengali
// (assets/fonts) and points fontconfig at them, so the text is drawn whatever the machine has installed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const apiDir = fileURLToPath(new URL('../', import.meta.url));
const fonts = join(apiDir, 'assets/fonts');

/** Draws Bangla text in a fresh process whose fontconfig sees only `dirs`; the PNG's size (a blank image is tiny). */
function drawnWith(dirs: string[]): number {
  const folder = mkdtempSync(join(tmpdir(), 'phonehaat-fonts-'));
  const conf = join(folder, 'fonts.conf');
  writeFileSync(conf, `<?xml version="1.0"?>\n<fontconfig>${dirs.map((dir) => `<dir>${dir}</dir>`).join('')}<cachedir>${folder}/cache</cachedir></fontconfig>\n`);
  const script = `import sharp from 'sharp';
    const { data } = await sharp({ text: { text: 'দাম ৳১৯,০০০ — Galaxy A54', font: 'Noto Sans Bengali 40px', rgba: true } }).png().toBuffer({ resolveWithObject: true });
    process.stdout.write(String(data.length));`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: apiDir, env: { ...process.env, FONTCONFIG_FILE: conf } }).toString());
}

describe('share images in Bangla', () => {
  it('are drawn with the fonts the API ships, on a host that has none', () => {
    const none = drawnWith([mkdtempSync(join(tmpdir(), 'phonehaat-nofonts-'))]);
    const shipped = drawnWith([fonts]);
    expect(none).toBeLessThan(500);
    expect(shipped).toBeGreaterThan(2000);
  });

  it("point fontconfig at the shipped fonts unless the host says otherwise", () => {
    const script = `delete process.env.FONTCONFIG_FILE; const { FONTS_CONF } = await import('./src/modules/catalog/share-card/draw.ts'); process.stdout.write(JSON.stringify([process.env.FONTCONFIG_FILE, FONTS_CONF]));`;
    const env = { ...process.env };
    delete env.FONTCONFIG_FILE;
    const [set, conf] = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: apiDir, env }).toString()) as [string, string];
    expect(set).toBe(conf);
    expect(conf).toBe(join(fonts, 'fonts.conf'));
  });
});
