// Cards drawn as SVG, the way reversis.text.pictures draws them: suits as shapes, not font glyphs.
const SUIT_PATHS = {
  H: "M50 90C22 66 4 48 8 27C12 8 38 4 50 26C62 4 88 8 92 27C96 48 78 66 50 90Z",
  D: "M50 4L86 50L50 96L14 50Z",
  S: "M50 6C76 30 96 46 92 66C88 84 64 86 55 70C56 82 61 90 70 96L30 96C39 90 44 82 45 70" +
     "C36 86 12 84 8 66C4 46 24 30 50 6Z",
  C: "M50 8A19 19 0 0 1 64 40A19 19 0 1 1 55 70C56 82 61 90 70 96L30 96C39 90 44 82 45 70" +
     "A19 19 0 1 1 36 40A19 19 0 0 1 50 8Z",
};
const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_NAMES = { J: "jack", Q: "queen", K: "king", A: "ace" };

export function parseCard(code) {
  const m = /^(10|[2-9JQKA])([CDHS])$/.exec(code);
  return m ? { rank: m[1], suit: m[2] } : null;
}

export function cardName(code) {
  const c = parseCard(code);
  return `${RANK_NAMES[c.rank] ?? c.rank} of ${SUIT_NAMES[c.suit]}`;
}

function suit(s, x, y, size, rotate = false) {
  const color = s === "H" || s === "D" ? "#b3261e" : "#1d1d1f";
  const turn = rotate ? " rotate(180 50 50)" : "";
  return `<path d="${SUIT_PATHS[s]}" fill="${color}" transform="translate(${x} ${y}) scale(${size / 100})${turn}"/>`;
}

// One card (60 × 84 units), face up; code null draws its back.
export function cardSvg(code) {
  if (code === null) {
    return `<svg viewBox="0 0 60 84" class="card-svg" role="img" aria-label="a card face down">` +
      `<rect x="0.5" y="0.5" width="59" height="83" rx="5" fill="#fff" stroke="#8a8d91"/>` +
      `<rect x="4" y="4" width="52" height="76" rx="3" fill="#36528c" stroke="#23375f"/>` +
      `<path d="M30 14L48 42L30 70L12 42Z" fill="none" stroke="#9fb3dd" stroke-width="1.5"/></svg>`;
  }
  const c = parseCard(code);
  const color = c.suit === "H" || c.suit === "D" ? "#b3261e" : "#1d1d1f";
  const font = `font-family="Georgia, 'DejaVu Serif', serif" font-weight="bold" fill="${color}"`;
  const size = c.rank.length === 1 ? 13 : 11;
  const parts = [
    `<svg viewBox="0 0 60 84" class="card-svg" role="img" aria-label="${cardName(code)}">`,
    `<rect x="0.5" y="0.5" width="59" height="83" rx="5" fill="#fff" stroke="#8a8d91"/>`,
    `<text x="4" y="14" ${font} font-size="${size}">${c.rank}</text>`,
    suit(c.suit, 4.5, 17, 9),
    `<text x="56" y="70" ${font} font-size="${size}" transform="rotate(180 56 70)">${c.rank}</text>`,
    suit(c.suit, 46.5, 58, 9, true),
  ];
  if ("JQK".includes(c.rank)) {
    parts.push(`<rect x="15" y="16" width="30" height="52" rx="2" fill="none" stroke="${color}" opacity="0.6"/>`);
    parts.push(`<text x="30" y="43" text-anchor="middle" ${font} font-size="22">${c.rank}</text>`);
    parts.push(suit(c.suit, 23, 48, 14));
  } else {
    const big = c.rank === "A" ? 30 : 24;
    parts.push(suit(c.suit, (60 - big) / 2, (84 - big) / 2, big));
  }
  parts.push("</svg>");
  return parts.join("");
}
