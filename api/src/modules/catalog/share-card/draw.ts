// The picture a shared phone link shows (issue 48): 1200 × 630, the size Facebook, WhatsApp and X crop to, as a JPEG
// under 300 KB. The phone's photo on the left, its model, price, condition and place on the right; a sold phone's
// photo greyed under a "Sold" label. Drawn with sharp (already the photos' library): its text is set by Pango with
// the fonts shipped in assets/fonts (Noto Sans and Noto Sans Bengali), so Bangla is shaped properly on any host.
import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';

/**
 * The fonts shipped with the API (assets/fonts, with the machine's own after them): fontconfig reads this once, when
 * the first text is drawn. Set here rather than in config/env.ts because it is not configuration but the library's
 * way to find files that travel with the code (issue 66: a host without a Bengali font drew Bangla as boxes).
 */
export const FONTS_CONF = fileURLToPath(new URL('../../../../assets/fonts/fonts.conf', import.meta.url));
process.env.FONTCONFIG_FILE ??= FONTS_CONF;

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** What chat apps accept for a preview image without dropping it (WhatsApp's limit is the tightest). */
export const MAX_CARD_BYTES = 300 * 1024;

export interface CardFacts {
  /** The phone's photo (any format sharp reads, SVG included), or undefined for none. */
  photo: Buffer | undefined;
  name: string;
  /** The price as the page's language writes it ("Tk 19,000", "৳১৯,০০০"). */
  price: string;
  /** Condition and place, one line. */
  details: string;
  /** Set once sold: the word drawn over the photo. */
  sold?: string | undefined;
}

const INK = '#0f172a';
const BRAND = '#0f766e';
const MUTED = '#475569';
const PHOTO_AREA = 600;
const TEXT_LEFT = 640;
const TEXT_WIDTH = CARD_WIDTH - TEXT_LEFT - 48;
const FONT = 'Noto Sans, Noto Sans Bengali';

/** Text for Pango's markup. */
const escapeMarkup = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** One block of text as an image (transparent around it), wrapped to the width, and its size. */
async function textBlock(text: string, { size, bold = false, color, width = TEXT_WIDTH }: { size: number; bold?: boolean; color: string; width?: number }) {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${color}">${escapeMarkup(text)}</span>`,
      font: `${FONT} ${bold ? 'Bold ' : ''}${size}px`,
      width,
      wrap: 'word-char',
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}

/** A rounded box of colour. */
const box = (width: number, height: number, color: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="18" fill="${color}"/></svg>`);

/** The phone's photo fitted into the left square, on a light ground; greyed once sold. */
async function photoPanel(photo: Buffer | undefined, sold: boolean): Promise<Buffer> {
  const ground = sharp({ create: { width: PHOTO_AREA, height: CARD_HEIGHT, channels: 3, background: '#f1f5f9' } });
  if (!photo) return ground.png().toBuffer();
  let fitted = sharp(photo, { limitInputPixels: 120_000_000 }).rotate().resize(PHOTO_AREA - 40, CARD_HEIGHT - 40, { fit: 'contain', background: { r: 241, g: 245, b: 249, alpha: 1 } });
  if (sold) fitted = fitted.grayscale();
  return ground.composite([{ input: await fitted.png().toBuffer(), gravity: 'center' }]).png().toBuffer();
}

const NAME_STYLE = { size: 54, bold: true, color: INK };
let nameLines: Promise<number> | undefined;
/** Three lines of the name's height, measured once per process as Pango sets them: one line, and the step to two. */
function threeNameLines(): Promise<number> {
  nameLines ??= Promise.all([textBlock('Ag', NAME_STYLE), textBlock('Ag\nAg', NAME_STYLE)])
    .then(([one, two]) => one.height + 2 * (two.height - one.height))
    .catch((error: unknown) => {
      // A failed measure is tried again by the next drawing.
      nameLines = undefined;
      throw error;
    });
  return nameLines;
}

/** The card, as JPEG bytes under MAX_CARD_BYTES. */
export async function drawCard(facts: CardFacts): Promise<Buffer> {
  // A photo that cannot be read (a damaged file) still gives a card: the words carry it.
  const panel = await photoPanel(facts.photo, Boolean(facts.sold)).catch(() => photoPanel(undefined, Boolean(facts.sold)));
  const site = await textBlock('PhoneHaat', { size: 34, bold: true, color: BRAND });
  const name = await textBlock(facts.name.length > 70 ? `${facts.name.slice(0, 69)}…` : facts.name, NAME_STYLE);
  const threeLines = await threeNameLines();
  const price = await textBlock(facts.price, { size: 68, bold: true, color: '#ffffff' });
  const details = await textBlock(facts.details, { size: 32, color: MUTED });

  const layers: OverlayOptions[] = [{ input: panel, left: 0, top: 0 }];
  let y = 56;
  layers.push({ input: site.input, left: TEXT_LEFT, top: y });
  y += site.height + 28;
  // At most three lines of the name: the price must stay in the picture.
  const nameHeight = Math.min(name.height, threeLines);
  layers.push({ input: await sharp(name.input).extract({ left: 0, top: 0, width: name.width, height: nameHeight }).toBuffer(), left: TEXT_LEFT, top: y });
  y += nameHeight + 32;
  const badge = { width: Math.min(price.width + 56, TEXT_WIDTH), height: price.height + 28 };
  layers.push({ input: box(badge.width, badge.height, BRAND), left: TEXT_LEFT, top: y });
  layers.push({ input: price.input, left: TEXT_LEFT + 28, top: y + 14 });
  y += badge.height + 28;
  if (y + details.height <= CARD_HEIGHT - 24) layers.push({ input: details.input, left: TEXT_LEFT, top: y });
  if (facts.sold) {
    const word = await textBlock(facts.sold, { size: 56, bold: true, color: '#ffffff', width: PHOTO_AREA - 80 });
    const label = { width: word.width + 64, height: word.height + 32 };
    layers.push({ input: box(label.width, label.height, '#b91c1c'), left: 32, top: 32 });
    layers.push({ input: word.input, left: 64, top: 48 });
  }

  const card = sharp({ create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background: '#ffffff' } }).composite(layers);
  const flat = await card.png().toBuffer();
  // A photo full of detail can make a large JPEG: lower the quality until it fits.
  for (const quality of [82, 72, 60, 45]) {
    const jpeg = await sharp(flat).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= MAX_CARD_BYTES) return jpeg;
  }
  return sharp(flat).jpeg({ quality: 30, mozjpeg: true }).toBuffer();
}
