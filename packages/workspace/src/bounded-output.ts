/**
 * A command's output kept within `maxChars`: the first half as it arrived, the last half as a
 * sliding window, and a count of everything in between. Memory stays at about `maxChars` plus
 * one chunk however much the command prints (`yes` prints gigabytes a minute).
 */
export class BoundedOutput {
  readonly #headChars: number;
  readonly #tailChars: number;
  #head = '';
  #tail = '';
  #totalChars = 0;

  constructor(maxChars: number) {
    this.#headChars = Math.ceil(maxChars / 2);
    this.#tailChars = Math.floor(maxChars / 2);
  }

  /** Adds output in the order it arrived, whichever stream it came from. */
  append(text: string): void {
    this.#totalChars += text.length;
    const headRoom = this.#headChars - this.#head.length;
    if (headRoom > 0) {
      this.#head += text.slice(0, headRoom);
      text = text.slice(headRoom);
    }
    if (text === '') return;
    const tail = this.#tail + text;
    this.#tail = tail.length > this.#tailChars ? tail.slice(tail.length - this.#tailChars) : tail;
  }

  /** Every character the command printed, kept or not. */
  get totalChars(): number {
    return this.#totalChars;
  }

  /** The characters left out of the middle. */
  get cutChars(): number {
    return this.#totalChars - this.#head.length - this.#tail.length;
  }

  /** The kept output, with a line in the middle saying how much was cut there. */
  toString(): string {
    if (this.cutChars === 0) return this.#head + this.#tail;
    // A cut may split a character outside the Basic Multilingual Plane (an emoji) in two halves.
    const head = /[\uD800-\uDBFF]$/.test(this.#head) ? this.#head.slice(0, -1) : this.#head;
    const tail = /^[\uDC00-\uDFFF]/.test(this.#tail) ? this.#tail.slice(1) : this.#tail;
    const cut = this.#totalChars - head.length - tail.length;
    return `${head}\n[… ${cut.toLocaleString('en-US')} characters of output cut here; the start and the end are kept]\n${tail}`;
  }
}
