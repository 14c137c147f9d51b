/**
 * Whether the tests run in CI (`CI` set to anything but empty or `false`): there a test that
 * needs a missing tool (a shell, a browser, PostgreSQL) must fail the run instead of skipping.
 */
export function runningInCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = env["CI"];
  return ci !== undefined && ci !== "" && ci !== "false";
}
