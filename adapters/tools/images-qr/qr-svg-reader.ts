/**
 * Test support: an independent reader for the SVG that qrcode writes, used to check generated symbols against
 * ISO/IEC 18004 worked examples. It reads versions 1–6 (no version-information blocks, at most one alignment pattern).
 */

const ECL_BITS: Record<string, number> = { M: 0b00, L: 0b01, H: 0b10, Q: 0b11 };

/** Dark modules of a qrcode SVG ("M x y.5h n m dx dy …" runs), without the margin. */
export function readModules(svg: string, margin: number): boolean[][] {
  const full = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const size = full - 2 * margin;
  const grid = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const path = /<path stroke="[^"]+" d="([^"]+)"/.exec(svg)?.[1] ?? "";
  let x = 0;
  let y = 0;
  for (const [, command, args] of path.matchAll(/([MmHh])([^MmHh]*)/g)) {
    const numbers = args.trim().split(/[\s,]+/).map(Number);
    if (command === "M") [x, y] = [numbers[0], numbers[1]];
    else if (command === "m") [x, y] = [x + numbers[0], y + numbers[1]];
    else {
      for (let i = 0; i < numbers[0]; i++) grid[Math.floor(y) - margin][x - margin + i] = true;
      x += numbers[0];
    }
  }
  return grid;
}

/** The 15-bit format word for a level and mask: 5 data bits, BCH(15,5) remainder, XOR 0x5412. */
export function formatWord(level: string, mask: number): number {
  const data = (ECL_BITS[level] << 3) | mask;
  let remainder = data << 10;
  for (let bit = 14; bit >= 10; bit--) if (remainder & (1 << bit)) remainder ^= 0x537 << (bit - 10);
  return ((data << 10) | remainder) ^ 0x5412;
}

/** Both copies of the format word, most significant bit first, in the ISO 18004 §7.9 positions. */
export function readFormatWords(grid: boolean[][]): [number, number] {
  const n = grid.length;
  const first: [number, number][] = [
    ...[0, 1, 2, 3, 4, 5, 7].map((col): [number, number] => [8, col]),
    [8, 8], [7, 8],
    ...[5, 4, 3, 2, 1, 0].map((row): [number, number] => [row, 8]),
  ];
  const second: [number, number][] = [
    ...[1, 2, 3, 4, 5, 6, 7].map((k): [number, number] => [n - k, 8]),
    ...[8, 7, 6, 5, 4, 3, 2, 1].map((k): [number, number] => [8, n - k]),
  ];
  const toWord = (cells: [number, number][]) => cells.reduce((word, [r, c]) => (word << 1) | (grid[r][c] ? 1 : 0), 0);
  return [toWord(first), toWord(second)];
}

const MASKS: ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i + j) % 2) + ((i * j) % 3)) % 2 === 0,
];

function isFunctionModule(n: number, r: number, c: number): boolean {
  if ((r < 9 && c < 9) || (r < 9 && c >= n - 8) || (r >= n - 8 && c < 9)) return true;
  if (r === 6 || c === 6) return true;
  return n > 21 && Math.abs(r - (n - 7)) <= 2 && Math.abs(c - (n - 7)) <= 2;
}

/** All codewords in placement order (zig-zag from the bottom right), unmasked. */
export function readCodewords(grid: boolean[][], mask: number): number[] {
  const n = grid.length;
  const bits: number[] = [];
  let upward = true;
  for (let right = n - 1; right > 0; right -= 2) {
    if (right === 6) right = 5;
    for (let step = 0; step < n; step++) {
      const r = upward ? n - 1 - step : step;
      for (const c of [right, right - 1]) {
        if (!isFunctionModule(n, r, c)) bits.push((grid[r][c] !== MASKS[mask](r, c)) ? 1 : 0);
      }
    }
    upward = !upward;
  }
  const codewords: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  return codewords;
}

/** True when the 7×7 finder pattern sits with its top-left corner at (row, col). */
export function hasFinder(grid: boolean[][], row: number, col: number): boolean {
  for (let r = 0; r < 7; r++) {
    for (let c = 0; c < 7; c++) {
      const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
      if (grid[row + r][col + c] !== (ring !== 2)) return false;
    }
  }
  return true;
}
