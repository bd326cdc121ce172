import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { stopWithProcess } from './stop-with-runner-command'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function gone(pid: number, withinMs: number): Promise<boolean> {
  for (const end = Date.now() + withinMs; Date.now() < end; ) {
    if (!alive(pid)) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return !alive(pid)
}

const started: ChildProcess[] = []
afterEach(() => {
  for (const child of started.splice(0)) if (child.pid && alive(child.pid)) process.kill(-child.pid, 'SIGKILL')
})

// A server's command as the config writes it, started the way Playwright starts it: a shell in a process group of its own.
function server(runnerPid: number) {
  const child = spawn('sh', ['-c', `${stopWithProcess(runnerPid)}sleep 60 & echo $! ; wait`], {
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, STOP_WITH_RUNNER_INTERVAL_MS: '100' },
  })
  started.push(child)
  return child
}

describe('stop-with-runner', () => {
  it('stops the server beside it once the test runner is gone', async () => {
    const runner = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'])
    started.push(runner)
    const shell = server(runner.pid!)
    const [line] = (await once(shell.stdout!, 'data')) as [Buffer]
    const shop = Number(line.toString().trim())
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(alive(shop)).toBe(true)

    runner.kill('SIGKILL')
    expect(await gone(shop, 3000)).toBe(true)
    expect(await gone(shell.pid!, 3000)).toBe(true)
  })

  it('leaves it running while the runner lives', async () => {
    const shell = server(process.pid)
    const [line] = (await once(shell.stdout!, 'data')) as [Buffer]
    const shop = Number(line.toString().trim())
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(alive(shop)).toBe(true)
    expect(alive(shell.pid!)).toBe(true)
  })
})
