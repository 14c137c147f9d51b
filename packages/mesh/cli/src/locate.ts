/** 1-based line and column of a UTF-16 index, from the sorted start offsets of each line. */
export function locate(
  lineStarts: readonly number[],
  index: number,
): { line: number; column: number } {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((lineStarts[mid] ?? 0) <= index) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: index - (lineStarts[low] ?? 0) + 1 };
}

/** Start offset of every line of `text` (the first is 0). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}
