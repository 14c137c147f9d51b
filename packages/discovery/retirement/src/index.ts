export { type GetLifecycleOptions, getLifecycle } from "./get-lifecycle.js";
export { type IsRetiredOptions, isRetired } from "./is-retired.js";
export { LIFECYCLE } from "./lifecycle-data.js";
export {
  LIFECYCLE_SCOPES,
  type LifecycleEntry,
  type LifecycleScope,
  type LifecycleStatus,
  type UnknownLifecycle,
} from "./lifecycle-entry.js";
export { type ListLifecycleOptions, listLifecycle } from "./list-lifecycle.js";
export { type RetirementDateOptions, retirementDate } from "./retirement-date.js";
export { RETIREMENT_REGISTRY, type RetirementValue } from "./retirement-registry.js";
