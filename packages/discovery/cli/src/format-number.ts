/** A USD amount for tables: 4 decimals below one dollar, else 2; `-` for null. */
export function usd(value: number | null | undefined): string {
  if (value === null || value === undefined) return "-";
  return value.toFixed(Math.abs(value) < 1 && value !== 0 ? 4 : 2);
}

/** A count for tables with thousands separators; `-` for null. */
export function count(value: number | null | undefined): string {
  return value === null || value === undefined ? "-" : value.toLocaleString("en-US");
}

/** A signed amount or percentage, e.g. `+0.25`. */
export function signed(value: number, digits: number): string {
  return `${value > 0 ? "+" : ""}${value.toFixed(digits)}`;
}

/** A price: two decimals unless the value needs more (0.03 stays 0.03, 0.125 stays 0.125); `-` for null. */
export function price(value: number | null | undefined): string {
  if (value === null || value === undefined) return "-";
  const fixed = value.toFixed(2);
  return Number(fixed) === value ? fixed : String(value);
}
