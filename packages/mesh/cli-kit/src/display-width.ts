// In-house rather than `string-width`: that package brings three more (get-east-asian-width,
// strip-ansi, ansi-regex) for what a small table of the common wide blocks covers in a
// terminal table: CJK, Hangul, kana, fullwidth forms, and emoji.

/** Code point ranges of East Asian Wide and Fullwidth characters (the main blocks), sorted. */
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f], // Hangul Jamo leading consonants
  [0x231a, 0x231b], // watch, hourglass
  [0x2e80, 0x303e], // CJK radicals, Kangxi, ideographic description, CJK punctuation
  [0x3041, 0x33ff], // Hiragana, Katakana, Bopomofo, Hangul compatibility, CJK compatibility
  [0x3400, 0x4dbf], // CJK Extension A
  [0x4e00, 0x9fff], // CJK Unified Ideographs
  [0xa000, 0xa4cf], // Yi
  [0xa960, 0xa97f], // Hangul Jamo Extended-A
  [0xac00, 0xd7a3], // Hangul syllables
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe10, 0xfe19], // vertical forms
  [0xfe30, 0xfe6f], // CJK compatibility forms, small form variants
  [0xff00, 0xff60], // fullwidth ASCII forms
  [0xffe0, 0xffe6], // fullwidth signs
  [0x1b000, 0x1b2ff], // kana supplement and extensions
  [0x1f200, 0x1f2ff], // enclosed ideographic supplement
  [0x20000, 0x3fffd], // CJK Extensions B and later
];

// Colour codes take no room on screen.
const ANSI = /\x1b\[[0-9;]*m/g;
// A cluster drawn as an emoji: emoji presentation, or a text emoji turned by VS16 (U+FE0F).
const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/u;
// Marks, joiners and format characters that draw nothing on their own.
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\p{Cc}]$/u;

// Made on first use: building a segmenter costs a CLI's start-up several milliseconds.
let graphemes: Intl.Segmenter | undefined;
// Printable ASCII is one column per character: no segmenter needed for most tables.
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function isWide(codePoint: number): boolean {
  return WIDE.some(([low, high]) => codePoint >= low && codePoint <= high);
}

function clusterWidth(cluster: string): number {
  if (EMOJI.test(cluster)) return 2;
  const first = cluster.codePointAt(0) ?? 0;
  if (ZERO_WIDTH.test(String.fromCodePoint(first))) return 0;
  return isWide(first) ? 2 : 1;
}

/**
 * How many terminal columns `text` takes: colour codes take none, East Asian wide characters and
 * emoji take two, combining marks none, and each grapheme cluster (an emoji ZWJ sequence, a
 * letter with its accents) counts once.
 */
export function displayWidth(text: string): number {
  const plain = text.replace(ANSI, "");
  if (PRINTABLE_ASCII.test(plain)) return plain.length;
  graphemes ??= new Intl.Segmenter("en", { granularity: "grapheme" });
  let width = 0;
  for (const { segment } of graphemes.segment(plain)) width += clusterWidth(segment);
  return width;
}
