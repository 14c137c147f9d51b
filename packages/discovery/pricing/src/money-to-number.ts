/** Google `Money` as the Cloud Billing Catalog sends it (`units` is an int64 in a JSON string). */
export interface BillingMoney {
  units?: string | undefined;
  nanos?: number | undefined;
}

const NANOS_PER_UNIT = 1e9;

/** `units + nanos / 1e9`; a missing part counts as 0 (`{units:"10",nanos:500000000}` -> 10.5). */
export function moneyToNumber(money: BillingMoney): number {
  const units = money.units === undefined ? 0 : Number(money.units);
  return units + (money.nanos ?? 0) / NANOS_PER_UNIT;
}
