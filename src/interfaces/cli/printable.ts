/**
 * Terminal-safe text: control characters escaped, so a file name or a chunk cannot drive the
 * terminal. Loads nothing, so every command can import it up front.
 * @module
 */

/**
 * Characters a terminal may act on rather than print: C0 controls, DEL, C1 controls (0x9B is a
 * CSI on some terminals) and the bidirectional overrides and isolates that reorder a line.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** The same, but line feeds and tabs pass: for text printed as lines. */
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

function escapeControl(char: string): string {
  if (char === '\n') return '\\n';
  if (char === '\r') return '\\r';
  if (char === '\t') return '\\t';
  const code = char.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `name` safe to print on one line of a terminal: control characters (escape sequences, line
 * breaks, tabs, bidirectional overrides) are written as escapes (`\x1b`, `\n`, `\u202e`), so a
 * file name cannot move the cursor, recolour the screen or forge a line of output. JSON output
 * never goes through this: it stays exact.
 */
export function printable(name: string): string {
  return name.replace(CONTROL, escapeControl);
}

/** `text` safe to print as lines: like {@link printable}, but line feeds and tabs stay. */
export function printableText(text: string): string {
  return text.replace(CONTROL_BUT_LINES, escapeControl);
}
