// A fixed locale keeps the counts independent of the server's default locale.
const graphemeSegmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
const wordSegmenter = new Intl.Segmenter("en", { granularity: "word" });

// Node 20's Intl.Segmenter slows down worse than quadratically on long strings (64 KiB took seconds), so the text
// is segmented in chunks of 0.5–2 K UTF-16 units, cut where UAX #29 always breaks both graphemes and words: after a
// line feed, or after a space or an ASCII symbol that precedes a letter or digit which cannot extend a cluster.
const CHUNK = 512;
const MAX_CHUNK = 2_048;
const SAFE_CUT = /\n|[ \t/+=()[\]{}<>!?#$%&*|~^@\u3000-\u3002-](?=(?![\p{Grapheme_Extend}\u0E33\u0EB3])[\p{L}\p{N}])/u;
// These blocks hold no Extend, SpacingMark, Prepend, ZWJ, Hangul or Regional_Indicator characters: every code point
// is a grapheme of its own, except CR LF (checked against the Unicode 16 data of the python regex module).
const SIMPLE = "\\0-\\u02FF\\u0370-\\u0482\\u048A-\\u052F\\u4E00-\\u9FFF";
const SIMPLE_TEXT = new RegExp(`^[${SIMPLE}]*$`);
const SIMPLE_LETTER = new RegExp(`^(?=[${SIMPLE}])[\\p{L}\\p{N}]$`, "u");
/** The CJK ideographs of SIMPLE: ICU finds their words with a dictionary, never joined to a Latin letter or digit. */
const IDEOGRAPH = /^[\u4E00-\u9FFF]$/;
const ASCII_TEXT = /^[\0-\x7F]*$/;
// ASCII punctuation that UAX #29 keeps inside a word, as ICU applies it: between two letters (WB6, WB7) or two
// digits (WB11, WB12).
const LETTER_JOINER = "[.:']";
const DIGIT_JOINER = "[.,;']";
const JOINED_AT_PUNCTUATION = new RegExp(`^(?:[A-Za-z]${LETTER_JOINER}[A-Za-z]|[0-9]${DIGIT_JOINER}[0-9])$`);
// ASCII words as ICU segments them by UAX #29: letters, digits and _ run together, joined across the punctuation
// above (WB5-WB13b); a lone _ is not word-like. Checked against Intl.Segmenter on every 3-character
// ASCII string and every 6-character string drawn from one character per word-break class; text.test.ts keeps
// checking it on random ASCII. A regex pass is ~100 times faster than iterating ICU's segments.
const ASCII_WORD = new RegExp(`(?:[A-Za-z0-9_]|(?<=[A-Za-z])${LETTER_JOINER}(?=[A-Za-z])|(?<=[0-9])${DIGIT_JOINER}(?=[0-9]))+`, "g");

interface Chunk {
  readonly text: string;
  /** Ends at a forced cut, which may split one word in two. */
  readonly forced: boolean;
  /** Ends inside a grapheme cluster longer than a chunk (e.g. thousands of combining marks). */
  readonly splitsGrapheme: boolean;
  /** Ends just after punctuation inside a word (a.|b, 3,|5): the word goes on in the next chunk. */
  readonly continuesWord?: boolean;
}

type Cut = Omit<Chunk, "text"> & { readonly end: number };

/**
 * A forced cut, for runs with no safe cut, where the word count can be mended: first inside a word, between two
 * letters or digits, or just after punctuation joining two (a long "1,2,3…" is one word); then between two
 * ideographs (ICU's dictionary may put a word break there, so this one can be off by one); else at the last grapheme
 * break of the window (decided by the characters up to it, so truncating the window cannot move it).
 */
function toForcedCut(text: string, start: number): Cut {
  const lastWhere = (fits: (end: number) => boolean): number | undefined => {
    for (let end = start + MAX_CHUNK; end > start + CHUNK; end -= 1) if (fits(end)) return end;
    return undefined;
  };
  const inWord = lastWhere((end) => isAlphanumeric(text[end - 1]) && isAlphanumeric(text[end]));
  if (inWord !== undefined) return { end: inWord, forced: true, splitsGrapheme: false };
  const afterJoiner = lastWhere((end) => JOINED_AT_PUNCTUATION.test(text.slice(end - 2, end + 1)));
  if (afterJoiner !== undefined) return { end: afterJoiner, forced: true, splitsGrapheme: false, continuesWord: true };
  const inIdeographs = lastWhere((end) => IDEOGRAPH.test(text[end - 1]) && IDEOGRAPH.test(text[end]));
  if (inIdeographs !== undefined) return { end: inIdeographs, forced: true, splitsGrapheme: false };
  const window = text.slice(start, start + MAX_CHUNK + 1);
  if (SIMPLE_TEXT.test(window)) {
    // Every code unit of simple text is a grapheme of its own but for CR LF: the break ICU would find, without ICU.
    const end = start + MAX_CHUNK - (window.endsWith("\r\n") ? 1 : 0);
    return { end, forced: true, splitsGrapheme: false };
  }
  let lastBreak = start;
  for (const { index } of graphemeSegmenter.segment(window)) lastBreak = start + index;
  if (lastBreak > start) return { end: lastBreak, forced: true, splitsGrapheme: false };
  const end = /[\uDC00-\uDFFF]/.test(text[start + MAX_CHUNK]) ? start + MAX_CHUNK - 1 : start + MAX_CHUNK;
  return { end, forced: true, splitsGrapheme: true };
}

/** A simple letter or digit that UAX #29 joins to the next (WB5, WB8-WB10): not an ideograph. */
function isAlphanumeric(char: string): boolean {
  return SIMPLE_LETTER.test(char) && !IDEOGRAPH.test(char);
}

function toCut(text: string, start: number): Cut {
  if (text.length - start <= MAX_CHUNK) return { end: text.length, forced: false, splitsGrapheme: false };
  const cut = SAFE_CUT.exec(text.slice(start + CHUNK, start + MAX_CHUNK + 1));
  if (cut === null) return toForcedCut(text, start);
  return { end: start + CHUNK + cut.index + cut[0].length, forced: false, splitsGrapheme: false };
}

function* chunksOf(text: string): Generator<Chunk> {
  for (let start = 0; start < text.length; ) {
    const { end, ...cut } = toCut(text, start);
    yield { text: text.slice(start, end), ...cut };
    start = end;
  }
}

function countSimpleGraphemes(text: string): number {
  return text.length - (text.match(/\r\n/g)?.length ?? 0);
}

function countGraphemes(chunk: string): number {
  if (SIMPLE_TEXT.test(chunk)) return countSimpleGraphemes(chunk);
  let count = 0;
  for (const _ of graphemeSegmenter.segment(chunk)) count += 1;
  return count;
}

interface WordCount {
  readonly count: number;
  readonly startsInWord: boolean;
  readonly endsInWord: boolean;
}

function countAsciiWords(chunk: string): WordCount {
  let count = 0;
  let startsInWord = false;
  let endsInWord = false;
  for (const { 0: word, index } of chunk.matchAll(ASCII_WORD)) {
    if (word === "_") continue;
    count += 1;
    if (index === 0) startsInWord = true;
    endsInWord = index + word.length === chunk.length;
  }
  return { count, startsInWord, endsInWord };
}

function countWords(chunk: string): WordCount {
  if (ASCII_TEXT.test(chunk)) return countAsciiWords(chunk);
  let count = 0;
  let startsInWord: boolean | undefined;
  let endsInWord = false;
  for (const { isWordLike } of wordSegmenter.segment(chunk)) {
    endsInWord = isWordLike === true;
    startsInWord ??= endsInWord;
    if (endsInWord) count += 1;
  }
  return { count, startsInWord: startsInWord ?? false, endsInWord };
}

/** Extended grapheme clusters and word-like segments (letters, numbers, ideographs) of a text. */
export function countSegments(text: string): { graphemes: number; words: number } {
  // ASCII needs no chunks: both counts come from one pass, exact at any length.
  if (ASCII_TEXT.test(text)) return { graphemes: countSimpleGraphemes(text), words: countAsciiWords(text).count };
  let graphemes = 0;
  let words = 0;
  let splitWord = false;
  let splitGrapheme = false;
  for (const chunk of chunksOf(text)) {
    graphemes += countGraphemes(chunk.text) - (splitGrapheme ? 1 : 0);
    splitGrapheme = chunk.splitsGrapheme;
    const counted = countWords(chunk.text);
    // A forced cut inside a word counted it twice. Between ideographs, where words come from a dictionary, this may
    // be off by one at each forced cut (one per 2 K characters of unspaced CJK without a Latin letter or digit).
    words += counted.count - (splitWord && counted.startsInWord ? 1 : 0);
    splitWord = chunk.forced && (counted.endsInWord || chunk.continuesWord === true);
  }
  return { graphemes, words };
}
