/**
 * The line ending new lines get in a file: `\r\n` when most of its lines end that way, else
 * `\n`. A file with no line break at all gets `\n`, what every Unix tool writes.
 */
export function lineEndingOf(text: string): '\n' | '\r\n' {
  let crlf = 0;
  let lf = 0;
  for (let found = text.indexOf('\n'); found !== -1; found = text.indexOf('\n', found + 1)) {
    if (found > 0 && text.charCodeAt(found - 1) === 13) crlf += 1;
    else lf += 1;
  }
  return crlf > lf ? '\r\n' : '\n';
}
