// Runs beside an end-to-end test server, in the process group Playwright gives the server's command.
// Playwright stops that group when it ends; a runner killed without the chance to (SIGKILL, a closed
// terminal) would leave the shops on their ports, and the next run fails on "already used". Once the
// runner is gone this stops the group: the shell, npm, the shop and itself.
const runner = Number(process.argv[2])
if (!Number.isInteger(runner) || runner <= 1) throw new Error('usage: stop-with-runner.mjs <pid of the test runner>')

function alive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}

setInterval(() => {
  if (!alive(runner)) process.kill(0, 'SIGTERM')
}, Number(process.env.STOP_WITH_RUNNER_INTERVAL_MS ?? 2000))
