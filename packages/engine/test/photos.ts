/**
 * Our own photo-like test set, made procedurally (SVG gradients, turbulence textures for fur,
 * foliage and grain, soft shadows), so the repo carries no third-party pictures: a portrait, an
 * animal with fur, a night scene, an interior, a landscape and a page of text.
 */
import sharp from 'sharp';

export const PHOTO_NAMES = ['portrait', 'fur', 'night', 'interior', 'landscape', 'text'] as const;
export type PhotoName = (typeof PHOTO_NAMES)[number];

const W = 1600;
const H = 1200;

/** A turbulence texture filter: `freq` "fx fy", mixed into the shape's colour at `amount`. */
function grain(id: string, freq: string, amount: number, octaves = 3, seed = 3): string {
  return `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="${octaves}" seed="${seed}" result="t"/><feColorMatrix in="t" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  ${amount} ${amount} ${amount} 0 ${-amount}" result="a"/><feComposite in="a" in2="SourceGraphic" operator="in" result="m"/><feBlend in="SourceGraphic" in2="m" mode="multiply"/></filter>`;
}

const blur = (id: string, s: number) =>
  `<filter id="${id}"><feGaussianBlur stdDeviation="${s}"/></filter>`;

const SVG: Record<PhotoName, string> = {
  portrait: `<defs>${grain('g', '0.9', 1.2)}${grain('hair', '0.01 0.25', 2.5, 4)}${blur('b', 6)}
    <radialGradient id="bg" cx="0.3" cy="0.3" r="0.9"><stop offset="0" stop-color="#d9d2c4"/><stop offset="1" stop-color="#7d7468"/></radialGradient>
    <radialGradient id="skin" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#f1c6a4"/><stop offset="0.7" stop-color="#c98f6b"/><stop offset="1" stop-color="#8a5a40"/></radialGradient>
    <linearGradient id="coat" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b2f3a"/><stop offset="1" stop-color="#0e1015"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#bg)" filter="url(#g)"/>
    <path d="M 380 1200 C 420 900 600 820 800 820 C 1000 820 1180 900 1220 1200 Z" fill="url(#coat)" filter="url(#g)"/>
    <path d="M 700 830 L 800 1000 L 900 830 Z" fill="#e8e4dc"/>
    <rect x="740" y="700" width="120" height="160" fill="#b47a58"/>
    <ellipse cx="800" cy="520" rx="210" ry="270" fill="url(#skin)" filter="url(#g)"/>
    <path d="M 585 520 C 560 260 700 190 810 195 C 960 200 1050 300 1015 520 C 990 380 900 330 800 340 C 700 345 620 400 585 520 Z" fill="#2a1a10" filter="url(#hair)"/>
    <ellipse cx="720" cy="500" rx="38" ry="18" fill="#fff"/><circle cx="722" cy="500" r="15" fill="#3a2a1a"/>
    <ellipse cx="880" cy="500" rx="38" ry="18" fill="#fff"/><circle cx="882" cy="500" r="15" fill="#3a2a1a"/>
    <path d="M 680 460 Q 720 440 765 462 M 835 462 Q 880 440 920 460" stroke="#3a2418" stroke-width="9" fill="none"/>
    <path d="M 800 520 L 780 610 Q 800 625 825 610" stroke="#8a5a40" stroke-width="5" fill="none"/>
    <path d="M 740 680 Q 800 715 860 680" stroke="#8e3b36" stroke-width="12" fill="none" stroke-linecap="round"/>
    <ellipse cx="650" cy="620" rx="60" ry="30" fill="#d99a80" opacity="0.5" filter="url(#b)"/>`,
  fur: `<defs>${grain('fur', '0.012 0.35', 2.2, 4, 5)}${grain('g', '0.9', 0.8)}${blur('s', 30)}
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b8a98f"/><stop offset="1" stop-color="#6f624f"/></linearGradient>
    <radialGradient id="body" cx="0.4" cy="0.35" r="0.8"><stop offset="0" stop-color="#e8a35a"/><stop offset="0.8" stop-color="#a8622a"/><stop offset="1" stop-color="#5a3012"/></radialGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#floor)" filter="url(#g)"/>
    <ellipse cx="820" cy="1050" rx="520" ry="90" fill="#000" opacity="0.45" filter="url(#s)"/>
    <ellipse cx="850" cy="820" rx="480" ry="260" fill="url(#body)" filter="url(#fur)"/>
    <path d="M 420 640 L 470 330 L 610 500 Z M 820 500 L 930 310 L 980 560 Z" fill="#b86d30" filter="url(#fur)"/>
    <ellipse cx="700" cy="600" rx="280" ry="230" fill="url(#body)" filter="url(#fur)"/>
    <ellipse cx="610" cy="580" rx="42" ry="30" fill="#c9d64a"/><ellipse cx="610" cy="580" rx="9" ry="27" fill="#111"/>
    <ellipse cx="800" cy="580" rx="42" ry="30" fill="#c9d64a"/><ellipse cx="800" cy="580" rx="9" ry="27" fill="#111"/>
    <path d="M 690 650 L 720 650 L 705 672 Z" fill="#d77a80"/>
    <path d="M 600 690 L 430 670 M 600 700 L 440 720 M 810 690 L 980 670 M 810 700 L 970 730" stroke="#f5efe0" stroke-width="3"/>
    <path d="M 1300 900 C 1480 860 1500 700 1420 620" stroke="#a8622a" stroke-width="70" fill="none" stroke-linecap="round" filter="url(#fur)"/>`,
  night: `<defs>${grain('g', '0.8', 1.0)}${blur('glow', 25)}
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#02030a"/><stop offset="0.7" stop-color="#0c1633"/><stop offset="1" stop-color="#26315a"/></linearGradient>
    <linearGradient id="hull" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#5d636e"/><stop offset="0.4" stop-color="#e6e8ec"/><stop offset="1" stop-color="#3a3f48"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#sky)" filter="url(#g)"/>
    ${Array.from({ length: 60 }, (_, i) => `<circle cx="${(i * 733) % W}" cy="${(i * 397) % 700}" r="${1 + (i % 3)}" fill="#fff"/>`).join('')}
    <circle cx="1300" cy="220" r="90" fill="#f3efd8"/><circle cx="1300" cy="220" r="140" fill="#f3efd8" opacity="0.25" filter="url(#glow)"/>
    <ellipse cx="780" cy="1000" rx="200" ry="160" fill="#ffb347" opacity="0.8" filter="url(#glow)"/>
    <path d="M 780 150 C 850 250 860 420 850 820 L 710 820 C 700 420 710 250 780 150 Z" fill="url(#hull)"/>
    <circle cx="780" cy="420" r="36" fill="#1b2a4a" stroke="#9aa3b0" stroke-width="10"/>
    <path d="M 710 700 L 620 880 L 712 820 Z M 850 700 L 940 880 L 848 820 Z" fill="#b3261e"/>
    <path d="M 0 1200 L 0 1010 L 120 1010 L 120 940 L 260 940 L 260 1040 L 420 1040 L 420 900 L 520 900 L 520 1200 Z M 1040 1200 L 1040 960 L 1180 960 L 1180 880 L 1320 880 L 1320 1000 L 1600 1000 L 1600 1200 Z" fill="#05060c"/>
    ${Array.from({ length: 24 }, (_, i) => `<rect x="${(i < 12 ? 20 : 1060) + (i % 6) * 80}" y="${(i < 12 ? 1060 : 1030) + Math.floor((i % 12) / 6) * 60}" width="24" height="30" fill="#f5c96a"/>`).join('')}`,
  interior: `<defs>${grain('g', '0.7', 0.9)}${grain('wood', '0.004 0.08', 1.6, 3, 9)}${blur('s', 18)}
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#6d7b6a"/><stop offset="1" stop-color="#c9cfbd"/></linearGradient>
    <linearGradient id="cup" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8a8f96"/><stop offset="0.35" stop-color="#fafafa"/><stop offset="1" stop-color="#6a6e74"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#wall)" filter="url(#g)"/>
    <rect x="980" y="120" width="440" height="480" fill="#fdfbf0"/><path d="M 1200 120 V 600 M 980 360 H 1420" stroke="#5b4a3a" stroke-width="18"/>
    <rect x="980" y="120" width="440" height="480" fill="none" stroke="#5b4a3a" stroke-width="24"/>
    <rect x="0" y="780" width="${W}" height="420" fill="#7a5534" filter="url(#wood)"/>
    <rect x="0" y="770" width="${W}" height="24" fill="#4a3220"/>
    <ellipse cx="700" cy="800" rx="240" ry="40" fill="#000" opacity="0.5" filter="url(#s)"/>
    <path d="M 520 480 L 880 480 L 850 790 Q 700 830 550 790 Z" fill="url(#cup)"/>
    <ellipse cx="700" cy="480" rx="180" ry="36" fill="#3b2414" stroke="#dcdcdc" stroke-width="10"/>
    <path d="M 870 540 C 990 540 990 720 850 720" stroke="#d8d8d8" stroke-width="26" fill="none"/>
    <rect x="120" y="300" width="260" height="470" fill="#2a2320"/><rect x="150" y="340" width="200" height="60" fill="#8d2f26"/><rect x="150" y="430" width="200" height="60" fill="#2f4f7d"/>`,
  landscape: `<defs>${grain('leaf', '0.06', 2.4, 4, 11)}${grain('rock', '0.02 0.05', 1.8, 5, 2)}${grain('g', '0.8', 0.6)}
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b8fd0"/><stop offset="1" stop-color="#dbe8f2"/></linearGradient>
    <linearGradient id="lake" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6f8fa8"/><stop offset="1" stop-color="#203246"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <ellipse cx="500" cy="220" rx="220" ry="60" fill="#fff" opacity="0.85"/><ellipse cx="620" cy="190" rx="150" ry="55" fill="#fff" opacity="0.9"/>
    <path d="M 0 700 L 300 330 L 520 560 L 820 250 L 1150 620 L 1350 420 L 1600 650 L 1600 800 L 0 800 Z" fill="#6e6a72" filter="url(#rock)"/>
    <path d="M 720 360 L 820 250 L 920 360 L 860 340 L 820 380 L 780 340 Z" fill="#f4f6f8"/>
    <rect y="760" width="${W}" height="440" fill="url(#lake)" filter="url(#g)"/>
    <path d="M 0 1200 L 0 720 C 200 640 380 700 520 760 C 620 820 650 1000 600 1200 Z" fill="#24421f" filter="url(#leaf)"/>
    <path d="M 1600 1200 L 1600 700 C 1450 650 1300 720 1240 820 C 1200 950 1250 1100 1300 1200 Z" fill="#2e5426" filter="url(#leaf)"/>
    <path d="M 300 1200 L 330 900 L 350 1200 Z" fill="#3a2614"/>`,
  text: `<defs>${grain('paper', '0.5', 0.7)}${blur('s', 20)}
    <linearGradient id="desk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4b3a2c"/><stop offset="1" stop-color="#22180f"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#desk)"/>
    <rect x="270" y="110" width="1080" height="1010" fill="#000" opacity="0.6" filter="url(#s)" transform="rotate(-3 800 600)"/>
    <g transform="rotate(-3 800 600)"><rect x="250" y="90" width="1080" height="1010" fill="#f4efe2" filter="url(#paper)"/>
    <text x="330" y="230" font-family="serif" font-size="84" font-weight="bold" fill="#1c1c1c">The Morning Paper</text>
    ${Array.from({ length: 14 }, (_, i) => `<text x="330" y="${330 + i * 52}" font-family="serif" font-size="34" fill="#2a2a2a">${['Rain is expected in the hills by the afternoon,', 'while the valley stays dry and mild until dusk.', 'Farmers bring in the last of the apple harvest', 'and the market opens an hour early on Saturday.'][i % 4]}</text>`).join('')}
    <rect x="900" y="860" width="360" height="200" fill="#8a8a8a"/><circle cx="990" cy="940" r="50" fill="#3c3c3c"/></g>`,
};

/** The photo as PNG bytes, 1600x1200. */
export function photoPng(name: PhotoName): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${SVG[name]}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
