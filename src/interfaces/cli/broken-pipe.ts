/**
 * A closed pipe on standard output (`cairn search --help | head -1`) ends the CLI quietly, as
 * Unix tools do, instead of crashing with an unhandled `EPIPE` error event.
 * @module
 */

/**
 * Exits the process when `stream` reports `EPIPE`, with the exit code already set (0 when none
 * is): the reader has all it wanted. Covers every write to the stream, commander's help and
 * version text included. Any other error of the stream is thrown as before.
 * @param stream Default `process.stdout`.
 */
export function exitQuietlyOnBrokenPipe(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}
