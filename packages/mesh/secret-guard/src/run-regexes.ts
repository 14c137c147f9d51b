/** Characters read one by one before a regex takes over (a regex call costs ~30 ns). */
export const SHORT = 32;

/**
 * Sticky regexes, one per class mask, each matching a run of the characters whose class in
 * `classes` (by code unit) has a bit of the mask. Code units above ASCII share one class,
 * that of 128 (none when `classes` stops at 127).
 */
export function runRegexes(classes: ArrayLike<number>): (mask: number) => RegExp {
  const byMask = new Map<number, RegExp>();
  return (mask) => {
    let re = byMask.get(mask);
    if (re === undefined) {
      let chars = ((classes[128] ?? 0) & mask) !== 0 ? "\\x80-\\uffff" : "";
      for (let c = 0; c < 128; c++) {
        if ((classes[c] as number) & mask) chars += `\\x${c.toString(16).padStart(2, "0")}`;
      }
      re = new RegExp(`[${chars}]*`, "y");
      byMask.set(mask, re);
    }
    return re;
  };
}
