import { describe, expect, it } from "vitest";
import { singleFlight } from "./single-flight.js";

/** A run whose promises the test settles; counts the runs started. */
function controlled() {
  const settle: Array<(ok: boolean) => void> = [];
  let runs = 0;
  const run = () => {
    runs++;
    return new Promise<number>((resolve, reject) => {
      settle.push((ok) => (ok ? resolve(runs) : reject(new Error(`run ${runs} failed`))));
    });
  };
  return { run, settle, runs: () => runs };
}

describe("singleFlight", () => {
  it("gives calls made while a run is in flight that run's result", async () => {
    const { run, settle, runs } = controlled();
    const shared = singleFlight(run);
    const calls = [shared(), shared(), shared()];
    expect(runs()).toBe(1);
    settle[0]!(true);
    expect(await Promise.all(calls)).toEqual([1, 1, 1]);
  });

  it("starts a new run for a call after the last one settled, also after a failure", async () => {
    const { run, settle, runs } = controlled();
    const shared = singleFlight(run);
    const first = [shared(), shared()];
    settle[0]!(false);
    for (const call of first) await expect(call).rejects.toThrow("run 1 failed");
    const second = shared();
    expect(runs()).toBe(2);
    settle[1]!(true);
    expect(await second).toBe(2);
  });
});
