export { type IsRetiredOptions, isRetired } from "./is-retired.js";
export { type RetirementDateOptions, retirementDate } from "./retirement-date.js";
export { RETIREMENT_REGISTRY, type RetirementValue } from "./retirement-registry.js";
