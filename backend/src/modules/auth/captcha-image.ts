/**
 * The captcha picture: a small grayscale PNG drawn here, pixel by pixel. svg-captcha
 * drew each character with the same sequence of path commands every time, so a script read the
 * code from the SVG text (500 of 500). Here nothing of the drawing survives but pixels: every
 * draw moves each outline point, bends, scales, rotates and shears every glyph differently, warps
 * the whole line of text, and crosses it with curves and dots of the same ink, so two pictures of
 * one code differ and the bytes hold no shape to look up. What reading one still costs is in
 * docs/reliability.md.
 */
import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;

/**
 * Stroke outlines on a 4 × 6 grid (x right, y down), each stroke a polyline of `x,y` points (as in
 * SVG's `points`). Only characters no one confuses at this size: no 0/O/Q, 1/I/L, 5/S, 2/Z or 8/B.
 */
const OUTLINES: Record<string, string[]> = {
  '3': ['0,0.8 1,0 3,0 4,1 4,2 3,3 1.5,3', '3,3 4,4 4,5 3,6 1,6 0,5.2'],
  '4': ['3,6 3,0 0,4.2 4,4.2'],
  '6': ['3.6,0.4 2.5,0 1.2,0.3 0.2,2 0,4 0.4,5.4 1.6,6 2.8,6 3.8,5.2 4,4 3.4,3 2,2.7 0.8,3.2 0.1,4'],
  '7': ['0,0 4,0 1.5,6'],
  '9': ['0.4,5.6 1.5,6 2.8,5.7 3.8,4 4,2 3.6,0.6 2.4,0 1.2,0 0.2,0.8 0,2 0.6,3 2,3.3 3.2,2.8 3.9,2'],
  A: ['0,6 2,0 4,6', '0.7,4 3.3,4'],
  C: ['4,0.8 3,0 1.5,0 0.4,1 0,3 0.4,5 1.5,6 3,6 4,5.2'],
  D: ['0,0 0,6 2,6 3.4,5.2 4,3 3.4,0.8 2,0 0,0'],
  E: ['4,0 0,0 0,6 4,6', '0,3 3,3'],
  F: ['4,0 0,0 0,6', '0,3 3,3'],
  G: ['4,0.8 3,0 1.5,0 0.4,1 0,3 0.4,5 1.5,6 3,6 4,5 4,3.4 2.2,3.4'],
  H: ['0,0 0,6', '4,0 4,6', '0,3 4,3'],
  J: ['1.5,0 4,0', '3,0 3,4.8 2.2,6 1,6 0,4.8'],
  K: ['0,0 0,6', '4,0 0,3.6', '1.3,2.6 4,6'],
  M: ['0,6 0,0 2,4 4,0 4,6'],
  N: ['0,6 0,0 4,6 4,0'],
  P: ['0,6 0,0 2.8,0 3.8,0.8 3.8,2.4 2.8,3.2 0,3.2'],
  R: ['0,6 0,0 2.8,0 3.8,0.8 3.8,2.4 2.8,3.2 0,3.2', '1.8,3.2 4,6'],
  T: ['0,0 4,0', '2,0 2,6'],
  U: ['0,0 0,4.6 1,6 3,6 4,4.6 4,0'],
  V: ['0,0 2,6 4,0'],
  W: ['0,0 1,6 2,2.4 3,6 4,0'],
  X: ['0,0 4,6', '4,0 0,6'],
  Y: ['0,0 2,3 4,0', '2,3 2,6'],
};
const GLYPHS: Record<string, readonly (readonly [number, number])[][]> = Object.fromEntries(
  Object.entries(OUTLINES).map(([character, strokes]) => [
    character,
    strokes.map((stroke) => stroke.split(' ').map((point) => point.split(',').map(Number) as [number, number])),
  ]),
);

/** The characters a code is made of (compared case-insensitively, drawn in capitals). */
export const CAPTCHA_CHARACTERS = Object.keys(GLYPHS).join('');

/** A new code of `length` characters from a cryptographic source. */
export function randomCaptchaText(length = 4): string {
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_CHARACTERS[randomInt(CAPTCHA_CHARACTERS.length)];
  return text;
}

type Point = [number, number];
type Random = () => number;

const between = (random: Random, low: number, high: number) => low + random() * (high - low);

/** Split every segment into pieces at most `step` long, so a later warp bends them. */
function subdivide(line: Point[], step: number): Point[] {
  const out: Point[] = [line[0]!];
  for (let i = 1; i < line.length; i++) {
    const [x0, y0] = line[i - 1]!;
    const [x1, y1] = line[i]!;
    const pieces = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / step));
    for (let k = 1; k <= pieces; k++) out.push([x0 + ((x1 - x0) * k) / pieces, y0 + ((y1 - y0) * k) / pieces]);
  }
  return out;
}

/** A grayscale canvas (0 black … 255 white) that strokes polylines with anti-aliased round joints. */
class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: (x: number, y: number) => number,
  ) {
    this.pixels = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) this.pixels[y * width + x] = background(x, y);
  }

  /** Darken towards `ink` by the pixel's coverage of a stroke `thickness` wide. */
  stroke(line: Point[], thickness: number, ink: number): void {
    const half = thickness / 2;
    for (let i = 1; i < line.length; i++) {
      const [ax, ay] = line[i - 1]!;
      const [bx, by] = line[i]!;
      const minX = Math.max(0, Math.floor(Math.min(ax, bx) - half - 1));
      const maxX = Math.min(this.width - 1, Math.ceil(Math.max(ax, bx) + half + 1));
      const minY = Math.max(0, Math.floor(Math.min(ay, by) - half - 1));
      const maxY = Math.min(this.height - 1, Math.ceil(Math.max(ay, by) + half + 1));
      const dx = bx - ax;
      const dy = by - ay;
      const lengthSquared = dx * dx + dy * dy || 1;
      for (let y = minY; y <= maxY; y++) {
        for (let x = minX; x <= maxX; x++) {
          const px = x + 0.5 - ax;
          const py = y + 0.5 - ay;
          const t = Math.max(0, Math.min(1, (px * dx + py * dy) / lengthSquared));
          const ex = px - t * dx;
          const ey = py - t * dy;
          const distance = Math.sqrt(ex * ex + ey * ey);
          const coverage = Math.min(1, half + 0.5 - distance);
          if (coverage <= 0) continue;
          const index = y * this.width + x;
          const shaded = Math.round(this.pixels[index]! - coverage * (this.pixels[index]! - ink));
          if (shaded < this.pixels[index]!) this.pixels[index] = shaded;
        }
      }
    }
  }
}

/** A cubic Bézier across the picture, sampled as a polyline. */
function crossingCurve(random: Random, width: number, height: number): Point[] {
  const p: Point[] = [
    [between(random, -5, 10), between(random, 0, height)],
    [between(random, width * 0.2, width * 0.45), between(random, -height * 0.5, height * 1.5)],
    [between(random, width * 0.55, width * 0.8), between(random, -height * 0.5, height * 1.5)],
    [between(random, width - 10, width + 5), between(random, 0, height)],
  ];
  const points: Point[] = [];
  for (let k = 0; k <= 40; k++) {
    const t = k / 40;
    const u = 1 - t;
    const w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
    points.push([w.reduce((sum, wi, i) => sum + wi * p[i]![0], 0), w.reduce((sum, wi, i) => sum + wi * p[i]![1], 0)]);
  }
  return points;
}

/** Where one glyph sits and how large it is drawn. */
export interface GlyphPlace {
  centreX: number;
  centreY: number;
  scaleX: number;
  scaleY: number;
}

/**
 * Glyphs of random sizes, each advancing the pen by a random share of its width (neighbours may
 * touch), the whole line starting anywhere it fits: a glyph is not in any fixed window
 * of the picture (a reader cutting it into four equal slots cuts through glyphs), and the gaps
 * between glyphs tell no widths.
 */
export function layOutGlyphs(count: number, random: Random, width = CAPTCHA_WIDTH, height = CAPTCHA_HEIGHT): GlyphPlace[] {
  const sizes = Array.from({ length: count }, () => {
    const scaleY = between(random, 3.5, 4.6);
    return { scaleY, scaleX: scaleY * between(random, 0.75, 1.2) };
  });
  // A glyph is 4 units wide; the pen advances 1.1–1.55 of that (close or apart).
  const advances = sizes.map(({ scaleX }) => 4 * scaleX * between(random, 1.1, 1.55));
  const first = 2 * (sizes[0]?.scaleX ?? 0);
  const last = 2 * (sizes[count - 1]?.scaleX ?? 0);
  const span = first + advances.slice(0, -1).reduce((sum, advance) => sum + advance, 0) + last;
  // Squeezed when it would not fit; then started anywhere in the room left.
  const squeeze = Math.min(1, (width - 6) / Math.max(span, 1));
  let pen = 3 + between(random, 0, Math.max(0, width - 6 - span * squeeze)) + first * squeeze;
  return sizes.map(({ scaleX, scaleY }, index) => {
    const place = { centreX: pen, centreY: height / 2 + between(random, -3, 3), scaleX: scaleX * squeeze, scaleY };
    pen += advances[index]! * squeeze;
    return place;
  });
}

/** Two or three points of a random glyph's stroke, placed anywhere at a glyph's size. */
function glyphFragment(random: Random, width: number, height: number): Point[] {
  const glyphs = Object.values(GLYPHS);
  const strokes = glyphs[Math.floor(random() * glyphs.length)]!;
  const stroke = strokes[Math.floor(random() * strokes.length)]!;
  const start = Math.floor(random() * Math.max(1, stroke.length - 1));
  const piece = stroke.slice(start, start + 2 + Math.floor(random() * 2));
  const scale = between(random, 3.5, 4.6);
  const x0 = between(random, 0, width);
  const y0 = between(random, height * 0.2, height * 0.8);
  return subdivide(
    piece.map(([gx, gy]) => [x0 + (gx - 2) * scale, y0 + (gy - 3) * scale] as Point),
    2,
  );
}

/** A short dash of a few pixels: noise no single-pixel filter removes. */
function speck(random: Random, width: number, height: number): Point[] {
  const x = random() * width;
  const y = random() * height;
  const angle = random() * Math.PI;
  const length = between(random, 1.5, 4);
  return [
    [x, y],
    [x + length * Math.cos(angle), y + length * Math.sin(angle)],
  ];
}

/**
 * Draw `text` (characters of CAPTCHA_CHARACTERS, any case) as a PNG. `random` drives every
 * distortion; the default is Math.random (the code itself comes from randomCaptchaText).
 */
export function drawCaptcha(text: string, random: Random = Math.random): Buffer {
  const width = CAPTCHA_WIDTH;
  const height = CAPTCHA_HEIGHT;
  const light = between(random, 228, 250);
  const tilt = between(random, -12, 12);
  const canvas = new Canvas(width, height, (x, y) =>
    Math.round(Math.min(255, light + tilt * (x / width - 0.5) + between(random, -7, 7) + ((y % 3) - 1))),
  );

  // One wave through the whole line, so the baseline and the strokes bend, not only the glyphs.
  const waveAmplitude = between(random, 1.5, 3.5);
  const waveLength = between(random, 35, 70);
  const wavePhase = between(random, 0, Math.PI * 2);
  const warp = ([x, y]: Point): Point => [
    x + between(random, -0.3, 0.3),
    y + waveAmplitude * Math.sin((x / waveLength) * Math.PI * 2 + wavePhase),
  ];

  const characters = [...text.toUpperCase()];
  const layout = layOutGlyphs(characters.length, random, width, height);
  characters.forEach((character, index) => {
    const strokes = GLYPHS[character];
    if (!strokes) throw new Error(`no captcha glyph for ${character}`);
    const { centreX, centreY, scaleX, scaleY } = layout[index]!;
    const angle = between(random, -0.35, 0.35);
    const shear = between(random, -0.3, 0.3);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const place = ([gx, gy]: readonly [number, number]): Point => {
      // Every outline point moves a little on every draw: no two pictures share a shape.
      const x = (gx - 2 + between(random, -0.3, 0.3)) * scaleX;
      const y = (gy - 3 + between(random, -0.3, 0.3)) * scaleY;
      const sheared = x + shear * y;
      return [centreX + sheared * cos - y * sin, centreY + sheared * sin + y * cos];
    };
    const thickness = between(random, 2.1, 3.1);
    const ink = Math.round(between(random, 20, 90));
    for (const stroke of strokes) canvas.stroke(subdivide(stroke.map(place), 2).map(warp), thickness, ink);
  });

  // Lines, glyph fragments and specks in the glyphs' own ink: no threshold keeps the characters
  // and drops the noise, and a fragment is a stroke of a real glyph, as thick as the glyphs'.
  const curves = 2 + Math.floor(random() * 2);
  for (let i = 0; i < curves; i++) {
    canvas.stroke(crossingCurve(random, width, height), between(random, 1.2, 2.2), Math.round(between(random, 30, 110)));
  }
  const fragments = 2 + Math.floor(random() * 2);
  for (let i = 0; i < fragments; i++)
    canvas.stroke(glyphFragment(random, width, height).map(warp), between(random, 1.5, 2.2), Math.round(between(random, 70, 140)));
  for (let i = 0; i < 30; i++) canvas.stroke(speck(random, width, height), between(random, 1.2, 1.8), Math.round(between(random, 80, 190)));

  return PNG.sync.write({ width, height, data: Buffer.from(canvas.pixels.buffer), gamma: 0 } as unknown as PNG, {
    colorType: 0,
    inputColorType: 0,
    bitDepth: 8,
    inputHasAlpha: false,
    deflateLevel: 9,
  });
}
