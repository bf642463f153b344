// Source of the seed phone illustrations and the home banner: `node api/assets/generate-images.mjs`.
// Hand-written SVG (no bitmaps, no web fonts) so the storefront looks right with no internet.
// Output is deterministic: running it again rewrites the committed files byte for byte.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('./images/', import.meta.url));
const FONT = 'system-ui,sans-serif';
const INK = '#0b0f19';

// file → [label, body finish, wallpaper from, wallpaper to, camera layout, front cut-out, background tint]
// Body colours follow each model's best-known finish; camera layouts are simplified from the real backs.
const phones = {
  'iphone-13-pro': ['iPhone 13 Pro', '#a3bcd6', '#1e3a8a', '#38bdf8', 'iphone3', 'notch', '#e6eef6'],
  'iphone-12': ['iPhone 12', '#1f3b57', '#7c3aed', '#f472b6', 'iphone2', 'notch', '#e9edf3'],
  'iphone-11': ['iPhone 11', '#cfc6e6', '#0f766e', '#a3e635', 'iphone2', 'notch', '#f1eef8'],
  'iphone-14-plus': ['iPhone 14 Plus', '#ddd0ea', '#6d28d9', '#fbbf24', 'iphone2d', 'notch', '#f4f0f9'],
  'galaxy-s23-ultra': ['Galaxy S23 Ultra', '#3f4d40', '#064e3b', '#34d399', 'samsung4', 'punch', '#ebf2ec'],
  'galaxy-s21-fe': ['Galaxy S21 FE', '#7f8f6b', '#365314', '#facc15', 'samsung3', 'punch', '#f0f3ea'],
  'galaxy-a54': ['Galaxy A54 5G', '#c9b8e6', '#4338ca', '#c084fc', 'samsung3', 'punch', '#f2eff9'],
  'galaxy-note-20-ultra': ['Galaxy Note 20 Ultra', '#b08968', '#78350f', '#fdba74', 'samsungBlock', 'punch', '#f6f0e9'],
  'galaxy-z-flip4': ['Galaxy Z Flip4', '#bba6d6', '#581c87', '#f0abfc', 'flip', 'punch', '#f3eef8'],
  'redmi-note-13-pro': ['Redmi Note 13 Pro', '#5b4a8b', '#312e81', '#22d3ee', 'square3', 'punch', '#eeedf6'],
  'xiaomi-12t': ['Xiaomi 12T', '#2a2f38', '#0c4a6e', '#f97316', 'square3', 'punch', '#edf0f3'],
  'poco-x5-pro': ['Poco X5 Pro', '#f4c430', '#ea580c', '#fde047', 'bar', 'punch', '#faf6e4'],
  'redmi-12': ['Redmi 12', '#8fb3cc', '#0369a1', '#bae6fd', 'vertical3', 'punch', '#ecf3f8'],
  'oneplus-11': ['OnePlus 11', '#1f4d3a', '#14532d', '#86efac', 'circle', 'punchL', '#ebf3ee'],
  'oneplus-nord-ce3-lite': ['OnePlus Nord CE 3 Lite', '#c9e77a', '#3f6212', '#d9f99d', 'vertical2', 'punchL', '#f3f8e6'],
  'oneplus-9-pro': ['OnePlus 9 Pro', '#3d5c4c', '#0f766e', '#67e8f9', 'square3', 'punchL', '#ecf1ee'],
  'pixel-7-pro': ['Pixel 7 Pro', '#ebe8df', '#0f172a', '#60a5fa', 'pixelTele', 'punch', '#f3f1eb'],
  'pixel-6a': ['Pixel 6a', '#b3c9a8', '#166534', '#fde68a', 'pixelBand', 'punch', '#eef4ec'],
  'pixel-8': ['Pixel 8', '#efc9c1', '#9f1239', '#fda4af', 'pixelBar', 'punch', '#f8eeec'],
  'realme-11-pro-plus': ['Realme 11 Pro+', '#dccaa0', '#7c2d12', '#fcd34d', 'circle', 'punch', '#f7f2e6'],
  'realme-c55': ['Realme C55', '#23324f', '#1e3a8a', '#fde047', 'vertical2', 'punch', '#eceff5'],
  'realme-gt-master': ['Realme GT Master', '#8d939c', '#be123c', '#fb923c', 'square3', 'punchL', '#f0f1f3'],
  'oppo-reno-10': ['Oppo Reno 10', '#a6cbe0', '#0e7490', '#a5f3fc', 'pill', 'punch', '#ecf4f8'],
  'oppo-a78': ['Oppo A78', '#7fbfb0', '#115e59', '#93c5fd', 'vertical2', 'punchL', '#ecf5f2'],
  'vivo-v29': ['Vivo V29', '#9e2f43', '#881337', '#fb7185', 'square2', 'punch', '#f8ebed'],
  'vivo-y36': ['Vivo Y36', '#d9b770', '#115e59', '#99f6e4', 'vertical2', 'punch', '#f7f2e6'],
  'nokia-g21': ['Nokia G21', '#3f6aa8', '#1e3a8a', '#c7d2fe', 'circle', 'drop', '#edf1f8'],
  'nokia-x30': ['Nokia X30 5G', '#bcd4e8', '#0c4a6e', '#7dd3fc', 'pill', 'punch', '#eef4f9'],
  'moto-edge-40': ['Motorola Edge 40', '#3d4f3b', '#1a2e05', '#bef264', 'square2', 'punch', '#edf2eb'],
  'moto-g84': ['Moto G84 5G', '#b3245c', '#701a75', '#f9a8d4', 'square2', 'punch', '#f8ebf0'],
};

const rgb = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const mix = (a, b, t) => '#' + rgb(a).map((v, i) => Math.round(v + (rgb(b)[i] - v) * t).toString(16).padStart(2, '0')).join('');
const light = (c, t) => mix(c, '#ffffff', t);
const dark = (c, t) => mix(c, '#000000', t);
const isLight = (c) => rgb(c).reduce((sum, v, i) => sum + v * [0.3, 0.59, 0.11][i], 0) > 150;

const W = 230;
const H = 460;

// A lens: metal ring, black glass, blue-tinted element (gradient #g), a glint.
const lens = (x, y, r, ring) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${ring}"/><circle cx="${x}" cy="${y}" r="${+(r * 0.8).toFixed(1)}" fill="${INK}"/><circle cx="${x}" cy="${y}" r="${+(r * 0.48).toFixed(1)}" fill="url(#g)"/><circle cx="${+(x - r * 0.2).toFixed(1)}" cy="${+(y - r * 0.2).toFixed(1)}" r="${+(r * 0.13).toFixed(1)}" fill="#fff" opacity=".6"/>`;
const flash = (x, y, r = 6) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#fdf6dc" stroke="#0003"/>`;
const box = (x, y, w, h, rx, fill, stroke = '') => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"${stroke && ` stroke="${stroke}" stroke-width="2"`}/>`;

// Camera bump for the back whose top-left corner is (bx, by).
function camera(style, bx, by, body) {
  const x = bx + 22;
  const y = by + 22;
  const ring = dark(body, 0.35);
  const metal = mix(body, '#9ca3af', 0.55);
  const glass = isLight(body) ? dark(body, 0.06) : light(body, 0.1);
  const edge = dark(body, 0.22);
  switch (style) {
    case 'iphone3':
      return box(x, y, 128, 128, 32, glass, edge) + lens(x + 36, y + 36, 24, metal) + lens(x + 36, y + 92, 24, metal) + lens(x + 92, y + 64, 24, metal) + flash(x + 96, y + 22) + `<circle cx="${x + 97}" cy="${y + 106}" r="8" fill="${INK}"/>`;
    case 'iphone2':
      return box(x, y, 110, 124, 30, glass, edge) + lens(x + 33, y + 34, 22, metal) + lens(x + 33, y + 90, 22, metal) + flash(x + 82, y + 36);
    case 'iphone2d':
      return box(x, y, 118, 118, 30, glass, edge) + lens(x + 34, y + 34, 22, metal) + lens(x + 84, y + 84, 22, metal) + flash(x + 86, y + 30);
    case 'samsung4':
      return lens(x + 30, y + 30, 23, ring) + lens(x + 30, y + 86, 23, ring) + lens(x + 30, y + 142, 23, ring) + lens(x + 84, y + 36, 14, ring) + flash(x + 84, y + 74);
    case 'samsung3':
      return lens(x + 28, y + 28, 21, ring) + lens(x + 28, y + 80, 21, ring) + lens(x + 28, y + 132, 21, ring) + flash(x + 72, y + 30);
    case 'samsungBlock':
      return box(x, y, 80, 176, 22, dark(body, 0.2), edge) + lens(x + 40, y + 36, 23, metal) + lens(x + 40, y + 88, 23, metal) + lens(x + 40, y + 140, 23, metal) + flash(x + 104, y + 36) + `<circle cx="${x + 104}" cy="${y + 62}" r="5" fill="${INK}"/>`;
    case 'flip': // Open Z Flip: black glass band with the cover screen beside the lenses, hinge across the middle.
      return box(bx + 14, by + 14, W - 28, 150, 24, INK) + lens(x + 22, y + 26, 18, metal) + lens(x + 22, y + 72, 18, metal) + flash(x + 22, y + 112, 5) + box(x + 56, y + 8, 130, 118, 14, 'url(#w)') + `<rect x="${bx}" y="${by + H / 2 - 3}" width="${W}" height="6" fill="${edge}"/>`;
    case 'square3':
      return box(x, y, 112, 150, 26, glass, edge) + lens(x + 38, y + 40, 26, metal) + lens(x + 38, y + 106, 22, metal) + lens(x + 88, y + 34, 12, metal) + flash(x + 88, y + 66);
    case 'square2': // The small square beside the lenses is the ring light (Vivo) / second flash.
      return box(x, y, 108, 122, 26, glass, edge) + lens(x + 36, y + 36, 24, metal) + lens(x + 36, y + 88, 22, metal) + flash(x + 82, y + 32) + box(x + 74, y + 76, 18, 18, 5, '#fdf6dc', '#0003');
    case 'bar':
      return box(bx + 12, y, W - 24, 78, 24, '#111827') + lens(x + 26, y + 39, 25, '#374151') + lens(x + 82, y + 39, 17, '#374151') + lens(x + 126, y + 39, 12, '#374151') + flash(x + 160, y + 39);
    case 'vertical3':
      return lens(x + 30, y + 30, 22, ring) + lens(x + 30, y + 84, 22, ring) + lens(x + 30, y + 128, 14, ring) + flash(x + 74, y + 30);
    case 'vertical2':
      return lens(x + 34, y + 34, 30, ring) + lens(x + 34, y + 104, 30, ring) + flash(x + 88, y + 30);
    case 'circle':
      return `<circle cx="${x + 68}" cy="${y + 68}" r="68" fill="${metal}"/><circle cx="${x + 68}" cy="${y + 68}" r="61" fill="${dark(body, 0.45)}"/>` + lens(x + 68, y + 36, 20, metal) + lens(x + 40, y + 86, 20, metal) + lens(x + 96, y + 86, 20, metal);
    case 'pill':
      return box(x, y, 78, 164, 39, glass, edge) + lens(x + 39, y + 39, 25, metal) + lens(x + 39, y + 98, 25, metal) + flash(x + 39, y + 142);
    case 'pixelBar':
    case 'pixelTele': // Pixel 7/8: a metal visor across the whole back, black glass holding the lenses.
      return (
        box(bx - 4, by + 70, W + 8, 70, 24, metal, dark(metal, 0.15)) +
        box(bx + 22, by + 83, 132, 44, 22, INK) +
        lens(bx + 48, by + 105, 16, '#1f2937') +
        lens(bx + 96, by + 105, 16, '#1f2937') +
        (style === 'pixelTele' ? box(bx + 166, by + 83, 44, 44, 22, INK) + lens(bx + 188, by + 105, 16, '#1f2937') : flash(bx + 136, by + 105, 5))
      );
    case 'pixelBand':
      return `<rect x="${bx}" y="${by + 70}" width="${W}" height="62" fill="${INK}"/>` + lens(bx + 40, by + 101, 16, '#1f2937') + lens(bx + 86, by + 101, 16, '#1f2937') + flash(bx + 124, by + 101, 5);
    default:
      throw new Error(`unknown camera layout ${style}`);
  }
}

// Screen cut-out for the front whose top-left corner is (x, y).
function cutout(kind, x, y) {
  const cx = x + W / 2;
  switch (kind) {
    case 'notch':
      return box(cx - 56, y + 4, 112, 32, 14, INK);
    case 'punch':
      return `<circle cx="${cx}" cy="${y + 34}" r="8" fill="${INK}"/>`;
    case 'punchL':
      return `<circle cx="${x + 40}" cy="${y + 36}" r="8" fill="${INK}"/>`;
    case 'drop':
      return `<path d="M${cx - 26} ${y + 12}q14 0 17 10a9 9 0 0 0 18 0q3-10 17-10z" fill="${INK}"/>`;
    default:
      throw new Error(`unknown cut-out ${kind}`);
  }
}

// The front: frame, black bezel, wallpaper with two soft shapes, clock. `id` keeps clip ids unique per file.
function front(x, y, body, cut, id, { clock = true, flip = false } = {}) {
  const sx = x + 12;
  const sy = y + 12;
  return (
    `<clipPath id="c${id}"><rect x="${sx}" y="${sy}" width="${W - 24}" height="${H - 24}" rx="27"/></clipPath>` +
    box(x - 3, y + 110, 6, 56, 3, dark(body, 0.2)) +
    box(x, y, W, H, 38, mix(body, '#6b7280', 0.35)) +
    box(x + 4, y + 4, W - 8, H - 8, 34, INK) +
    `<g clip-path="url(#c${id})"><rect x="${sx}" y="${sy}" width="${W - 24}" height="${H - 24}" fill="url(#w${id})"/>` +
    `<circle cx="${x + 190}" cy="${y + 330}" r="120" fill="#fff" opacity=".14"/><circle cx="${x + 30}" cy="${y + 430}" r="110" fill="#fff" opacity=".1"/>` +
    `<path d="M${sx} ${sy}h140L${sx} ${y + 260}z" fill="#fff" opacity=".08"/></g>` +
    cutout(cut, x, y) +
    (flip ? `<rect x="${sx}" y="${y + H / 2 - 1}" width="${W - 24}" height="2" fill="#fff" opacity=".18"/>` : '') +
    (clock
      ? `<text x="${x + W / 2}" y="${y + 128}" font-family="${FONT}" font-size="48" font-weight="300" fill="#fff" text-anchor="middle">10:09</text>` +
        `<text x="${x + W / 2}" y="${y + 154}" font-family="${FONT}" font-size="15" fill="#fff" opacity=".85" text-anchor="middle">Friday 14 June</text>`
      : '') +
    `<rect x="${x + W / 2 - 40}" y="${y + H - 26}" width="80" height="5" rx="2.5" fill="#fff" opacity=".7"/>`
  );
}

// The back: finish with a soft sheen, side button, camera bump.
function back(x, y, body, style, id) {
  return (
    box(x + W - 3, y + 130, 6, 70, 3, dark(body, 0.25)) +
    `<rect x="${x}" y="${y}" width="${W}" height="${H}" rx="38" fill="url(#b${id})" stroke="${dark(body, 0.18)}" stroke-width="2"/>` +
    camera(style, x, y, body)
  );
}

const gradients = (id, body, from, to) =>
  `<linearGradient id="w${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
  `<linearGradient id="b${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${light(body, 0.22)}"/><stop offset=".45" stop-color="${body}"/><stop offset="1" stop-color="${dark(body, 0.1)}"/></linearGradient>`;
const lensGlass = `<radialGradient id="g" cx=".35" cy=".35"><stop offset="0" stop-color="#4b5f8a"/><stop offset="1" stop-color="#111827"/></radialGradient>`;

function phoneSvg([label, body, from, to, style, cut, tint]) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" role="img" aria-label="${label}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light(tint, 0.6)}"/><stop offset="1" stop-color="${tint}"/></linearGradient>
<radialGradient id="sh"><stop offset="0" stop-color="#0f172a" stop-opacity=".28"/><stop offset="1" stop-color="#0f172a" stop-opacity="0"/></radialGradient>
${lensGlass}${gradients('', body, from, to)}</defs>
<rect width="800" height="600" fill="url(#bg)"/>
<circle cx="405" cy="290" r="250" fill="#fff" opacity=".55"/>
<ellipse cx="405" cy="546" rx="270" ry="24" fill="url(#sh)"/>
<g transform="rotate(-7 295 290)">${front(180, 60, body, cut, '', { flip: style === 'flip' })}</g>
<g transform="rotate(6 515 302)">${back(400, 72, body, style, '')}</g>
<text x="400" y="584" font-family="${FONT}" font-size="22" font-weight="600" fill="#334155" text-anchor="middle">${label}</text>
</svg>
`;
}

const written = [];
for (const [file, spec] of Object.entries(phones)) {
  const svg = phoneSvg(spec);
  writeFileSync(`${out}products/${file}.svg`, svg);
  written.push([file, svg.length]);
}

// Home banner: phones fanned out like cards on the right, each over the one before, on soft shapes. No text: the page writes its own over the left half,
// so the left stays calm and dark enough for white type.
const fan = [
  // [angle, body, wallpaper from, wallpaper to, camera layout or null for a front]
  [-20, '#a3bcd6', '#1e3a8a', '#38bdf8', 'iphone3'],
  [-10, '#3f4d40', '#064e3b', '#34d399', null],
  [0, '#5b4a8b', '#7c3aed', '#f472b6', null],
  [10, '#f4c430', '#ea580c', '#fde047', null],
  [20, '#efc9c1', '#9f1239', '#fda4af', 'pixelBar'],
];
const bannerDefs = fan.map(([, body, from, to], i) => gradients(i, body, from, to)).join('');
const bannerPhones = fan
  .map(([angle, body, , , style], i) => {
    const inner = style ? back(0, 0, body, style, i) : front(0, 0, body, 'punch', i, { clock: false });
    return `<g transform="rotate(${angle} 1150 1000) translate(1065 150) scale(.74)">${inner}</g>`;
  })
  .join('\n');
const banner = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 600" preserveAspectRatio="xMidYMid slice" role="img" aria-label="Second-hand phones">
<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2=".6"><stop offset="0" stop-color="#052e26"/><stop offset=".55" stop-color="#0b4a3d"/><stop offset="1" stop-color="#0f6652"/></linearGradient>
<radialGradient id="sun" cx=".4" cy=".35"><stop offset="0" stop-color="#fb7185"/><stop offset="1" stop-color="#e11d48"/></radialGradient>
<radialGradient id="sh"><stop offset="0" stop-color="#000" stop-opacity=".45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<pattern id="dots" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="2" fill="#fff" opacity=".12"/></pattern>
${lensGlass}${bannerDefs}</defs>
<rect width="1600" height="600" fill="url(#sky)"/>
<rect x="830" y="64" width="168" height="140" fill="url(#dots)"/>
<circle cx="1150" cy="290" r="250" fill="url(#sun)" opacity=".9"/>
<circle cx="1150" cy="290" r="330" fill="none" stroke="#fff" stroke-opacity=".08" stroke-width="2"/>
<circle cx="1150" cy="290" r="410" fill="none" stroke="#fff" stroke-opacity=".05" stroke-width="2"/>
<path d="M1600 420c-120-30-260 10-360 90s-220 110-340 90v0 V600H1600z" fill="#34d399" opacity=".12"/>
<circle cx="1480" cy="110" r="46" fill="#fbbf24" opacity=".85"/>
<circle cx="800" cy="450" r="18" fill="#fbbf24" opacity=".6"/>
<ellipse cx="1150" cy="560" rx="340" ry="34" fill="url(#sh)"/>
${bannerPhones}
</svg>
`;
writeFileSync(`${out}banner.svg`, banner);

const largest = written.reduce((a, b) => (b[1] > a[1] ? b : a));
console.log(`wrote ${written.length} phone images (largest ${largest[0]}, ${largest[1]} bytes) and the banner (${banner.length} bytes)`);
