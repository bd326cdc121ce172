/**
 * The shell prefix that starts tests/setup/stop-with-runner.mjs beside a server command, in its
 * process group: the group is stopped once process `pid` (the test runner or worker) is gone.
 */
export function stopWithProcess(pid: number | string): string {
  return `node tests/setup/stop-with-runner.mjs ${pid} & `
}
