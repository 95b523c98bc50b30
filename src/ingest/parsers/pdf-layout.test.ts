import { describe, expect, it } from 'vitest';
import {
  dropOverprints,
  hyphenVocabulary,
  joinHyphenated,
  layoutPage,
  type PdfTextItem,
} from './pdf-layout.js';

/** Viewport of an unrotated US-letter page at scale 1: user space (y up) to device space (y down). */
const LETTER = [1, 0, 0, -1, 0, 792];

/** A text item at (x, y) in user space, 0.5 em per character wide. */
function item(str: string, x: number, y: number, size = 10): PdfTextItem {
  return { str, transform: [size, 0, 0, size, x, y], width: str.length * size * 0.5 };
}

describe('layoutPage', () => {
  it('orders lines top to bottom and items left to right', () => {
    const items = [item('second line', 50, 686), item('world', 85, 700), item('Hello', 50, 700)];
    expect(layoutPage(items, LETTER)).toBe('Hello world\nsecond line');
  });

  it('joins items on one baseline within the tolerance, superscripts included', () => {
    const items = [item('E = mc', 50, 700), item('2', 80, 703, 6), item('holds', 86, 700.4)];
    expect(layoutPage(items, LETTER)).toBe('E = mc2 holds');
  });

  it('glues items without a gap and drops whitespace-only spacer items', () => {
    const items = [item('exam', 50, 700), item('ple', 70, 700), item('   ', 85, 700), item('text', 88, 700)];
    expect(layoutPage(items, LETTER)).toBe('example text');
  });

  it('keeps key/value pairs of a two-column form on one line', () => {
    const items = [
      item('Location:', 54, 630),
      item('Tallahassee, FL', 181, 630),
      item('Accident Number:', 352, 630),
      item('NYC08CA055', 460, 630),
      item('Defining Event:', 54, 610),
      item('Injuries:', 352, 610),
      item('1 Minor', 460, 610),
    ];
    expect(layoutPage(items, LETTER)).toBe(
      'Location: Tallahassee, FL | Accident Number: NYC08CA055\nDefining Event: | Injuries: 1 Minor',
    );
  });

  it('separates table columns with " | "', () => {
    const items = [item('Dose', 50, 700), item('Arm A', 200, 700), item('Arm B', 350, 700)];
    expect(layoutPage(items, LETTER)).toBe('Dose | Arm A | Arm B');
  });

  it('reads a justified line set word by word as words, not columns', () => {
    const words = ['Am', 'J', 'Orthod', 'Dentofacial', 'Orthop.', '2011;139:154-69.'];
    let x = 50;
    const items = words.map((word) => {
      const placed = item(word, x, 700);
      x += placed.width + 22;
      return placed;
    });
    expect(layoutPage(items, LETTER)).toBe('Am J Orthod Dentofacial Orthop. 2011;139:154-69.');
  });

  it('leaves a blank line where the spacing grows or the font size changes', () => {
    const items = [
      item('Heading', 50, 740, 14),
      item('First line of a paragraph', 50, 720),
      item('second line of it.', 50, 708),
      item('A new paragraph', 50, 684),
      item('follows.', 50, 672),
    ];
    expect(layoutPage(items, LETTER)).toBe(
      'Heading\n\nFirst line of a paragraph\nsecond line of it.\n\nA new paragraph\nfollows.',
    );
  });

  it('reads the spacing of running text past a table whose centred cells set lines at half pitches', () => {
    // Five lines 6 pt apart (cells of one row wrapping to different numbers of lines, centred
    // vertically, as browsers print HTML tables) outnumber the paragraphs' 12 pt spacings: they
    // are no spacing of lines of text, which would overlap, and must not split the paragraphs.
    const items = [
      item('A paragraph whose first line runs on', 50, 720),
      item('to a second line and', 50, 708),
      item('a third line.', 50, 696),
      item('Weight', 300, 660),
      item('Maximum', 200, 654),
      item('Model', 50, 648),
      item('torque', 200, 642),
      item('battery', 300, 636),
      item('Another paragraph of two', 50, 600),
      item('lines follows.', 50, 588),
    ];
    const text = layoutPage(items, LETTER);
    expect(text).toContain('A paragraph whose first line runs on\nto a second line and\na third line.');
    expect(text).toContain('Another paragraph of two\nlines follows.');
  });

  it('starts a paragraph at a first-line indent', () => {
    const long = 'a line of body text that runs all the way across';
    const items = [
      item(long, 50, 720),
      item('short end.', 50, 708),
      item('Indented start of the next paragraph goes on', 80, 696),
      item(long, 50, 684),
    ];
    expect(layoutPage(items, LETTER)).toBe(
      `${long}\nshort end.\n\nIndented start of the next paragraph goes on\n${long}`,
    );
  });

  it('applies NFKC: ligatures, full-width letters, non-breaking spaces', () => {
    const items = [item('The \uFB01nal e\uFB03cient \uFF21\uFF22\uFF23\u00a0test', 50, 700)];
    expect(layoutPage(items, LETTER)).toBe('The final efficient ABC test');
  });

  it('rejoins end-of-line hyphenation but not number ranges; a capitalised compound is joined with its hyphen', () => {
    const items = [
      item('An exam-', 50, 700),
      item('ple of the years 1990-', 50, 688),
      item('1995 and a co\u00ad', 50, 676),
      item('operative Anglo-', 50, 664),
      item('Saxon text.', 50, 652),
    ];
    expect(layoutPage(items, LETTER)).toBe(
      'An example\nof the years 1990-\n1995 and a cooperative\nAnglo-Saxon\ntext.',
    );
  });

  it('keeps a real hyphen when it rejoins a line break: compounds, and words the page spells with one', () => {
    const items = [
      item('A state-of-the-', 50, 700),
      item('art method that is well-', 50, 688),
      item('known, as well-known work shows; an exam-', 50, 676),
      item('ple too.', 50, 664),
    ];
    expect(layoutPage(items, LETTER)).toBe(
      'A state-of-the-art\nmethod that is well-known,\nas well-known work shows; an example\ntoo.',
    );
  });

  it('puts rotated text after the upright text', () => {
    const rotated: PdfTextItem = { str: 'arXiv:2401.00001', transform: [0, 10, -10, 0, 20, 300], width: 80 };
    expect(layoutPage([rotated, item('Body', 50, 700)], LETTER)).toBe('Body\n\narXiv:2401.00001');
  });

  it('honours the page rotation through the viewport', () => {
    // A page with /Rotate 90: its viewport maps user space (x, y) to device (y, x).
    const rotate90 = [0, 1, 1, 0, 0, 0];
    const items: PdfTextItem[] = [
      { str: 'first', transform: [0, 10, -10, 0, 100, 50], width: 25 },
      { str: 'second', transform: [0, 10, -10, 0, 115, 50], width: 30 },
    ];
    expect(layoutPage(items, rotate90)).toBe('first\nsecond');
  });

  it('returns an empty string for a page without text', () => {
    expect(layoutPage([], LETTER)).toBe('');
    expect(layoutPage([item('  ', 50, 700)], LETTER)).toBe('');
  });

  it('drops text drawn twice at the same spot', () => {
    expect(layoutPage([item('Bold', 50, 700), item('Bold', 50.3, 700)], LETTER)).toBe('Bold');
  });
});

describe('dropOverprints', () => {
  it('keeps one of a string drawn two or three times a fraction of a point apart', () => {
    const items = [
      item('Total hours', 50, 700),
      item('1,234', 150, 700),
      item('Total hours', 50.3, 700.2),
      item('1,234', 150.3, 700),
      item('Total hours', 49.8, 699.9),
    ];
    expect(dropOverprints(items)).toEqual([items[0], items[1]]);
  });

  it('keeps the same string elsewhere, in another size, or one narrow letter after another', () => {
    const yes = [item('yes', 50, 700), item('yes', 80, 700), item('yes', 50, 688)];
    expect(dropOverprints(yes)).toEqual(yes);
    const sizes = [item('Title', 50, 700, 10), item('Title', 50, 700, 14)];
    expect(dropOverprints(sizes)).toEqual(sizes);
    // `l` `l` set tight, 0.12 em apart: near enough, but further than half the letter's width.
    const letters = [
      { str: 'l', transform: [10, 0, 0, 10, 50, 700], width: 1.2 },
      { str: 'l', transform: [10, 0, 0, 10, 51.2, 700], width: 1.2 },
    ];
    expect(dropOverprints(letters)).toEqual(letters);
  });

  it('measures offsets along and across the baseline of rotated text', () => {
    const up = (x: number, y: number): PdfTextItem => ({
      str: 'DRAFT',
      transform: [0, 10, -10, 0, x, y],
      width: 30,
    });
    expect(dropOverprints([up(20, 300), up(20.3, 300.3)])).toEqual([up(20, 300)]);
    // One line further left, or the next word up the same line: not a copy.
    expect(dropOverprints([up(20, 300), up(8, 300), up(20, 340)])).toHaveLength(3);
    expect(layoutPage([item('Body', 50, 700), up(20, 300), up(20.3, 300)], LETTER)).toBe('Body\n\nDRAFT');
  });
});

describe('joinHyphenated', () => {
  it('moves the rest of the word up and keeps the remainder', () => {
    expect(joinHyphenated(['an exam-', 'ple here', 'end'])).toEqual(['an example', 'here', 'end']);
  });

  it('removes a line that was only the end of the word', () => {
    expect(joinHyphenated(['multi-', 'line-', 'word'])).toEqual(['multilineword']);
  });

  it('leaves numbers and spaced dashes alone', () => {
    const lines = ['pages 10-', '12 and', 'a dash -', 'here'];
    expect(joinHyphenated(lines)).toEqual(lines);
  });

  it('keeps the hyphen before an upper-case letter: no hyphenation program breaks a word there', () => {
    expect(joinHyphenated(['the Anglo-', 'Saxon kings'])).toEqual(['the Anglo-Saxon', 'kings']);
    expect(joinHyphenated(['a non-', 'GAAP measure'])).toEqual(['a non-GAAP', 'measure']);
  });

  it('keeps a real hyphen the page writes elsewhere, drops one the page writes closed', () => {
    const vocabulary = hyphenVocabulary(['a well-known result', 'a cooperative']);
    expect(joinHyphenated(['it is well-', 'known'], vocabulary)).toEqual(['it is well-known']);
    expect(joinHyphenated(['a co-', 'operative'], vocabulary)).toEqual(['a cooperative']);
  });

  it('keeps the hyphen after a number word, not inside the number itself (stop 59)', () => {
    expect(joinHyphenated(['a five-', 'minute walk'])).toEqual(['a five-minute', 'walk']);
    expect(joinHyphenated(['a twelve-', 'month term'])).toEqual(['a twelve-month', 'term']);
    expect(joinHyphenated(['aged four-', 'teen or over'])).toEqual(['aged fourteen', 'or over']);
    expect(joinHyphenated(['the ten-', 'ant must'])).toEqual(['the tenant', 'must']);
  });

  it('keeps the hyphen after a prefix written with one when the rest is a word of the page', () => {
    const vocabulary = hyphenVocabulary(['who reported it', 'the border was closed']);
    expect(joinHyphenated(['self-', 'reported cases'], vocabulary)).toEqual(['self-reported', 'cases']);
    expect(joinHyphenated(['cross-', 'border trade'], vocabulary)).toEqual(['cross-border', 'trade']);
    // A word the page never writes on its own is the end of a broken word, prefix or not.
    expect(joinHyphenated(['a self-', 'ish act'], vocabulary)).toEqual(['a selfish', 'act']);
    // An ordinary break: the first part is no prefix.
    expect(joinHyphenated(['the bor-', 'der'], vocabulary)).toEqual(['the border']);
  });

  it('a hyphen-broken line end is not a word of the page', () => {
    const vocabulary = hyphenVocabulary(['the half-', 'life']);
    expect(vocabulary.words.has('half')).toBe(false);
    expect(vocabulary.words.has('life')).toBe(true);
  });
});

describe('layoutPage output as Markdown', () => {
  it('keeps a rule of dashes from turning the line above into a heading', () => {
    const items = [item('4. TERRAIN CONDITION', 50, 700), item('----------', 50, 688), item('Next', 50, 676)];
    expect(layoutPage(items, LETTER)).toBe('4. TERRAIN CONDITION\n\n----------\nNext');
  });

  it('escapes a leading # so that text never becomes a heading', () => {
    expect(layoutPage([item('# of patients | 38', 50, 700)], LETTER)).toBe('\\# of patients | 38');
  });
});
