/**
 * A queue read as an async iterable: producers push items (from callbacks), then end it or fail
 * it; the reader receives each item in order as soon as it is pushed.
 * @module
 */

/** See the module description. Pushing after `end` or `fail` is ignored. */
export class EventQueue<T> implements AsyncIterable<T> {
  readonly #items: T[] = [];
  #done = false;
  #failure: { error: unknown } | undefined;
  #wake: (() => void) | undefined;

  push(item: T): void {
    if (this.#done) return;
    this.#items.push(item);
    this.#notify();
  }

  end(): void {
    this.#done = true;
    this.#notify();
  }

  fail(error: unknown): void {
    if (this.#done) return;
    this.#failure = { error };
    this.end();
  }

  #notify(): void {
    this.#wake?.();
    this.#wake = undefined;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for (;;) {
      while (this.#items.length > 0) yield this.#items.shift()!;
      if (this.#done) break;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
    if (this.#failure) throw this.#failure.error;
  }
}
