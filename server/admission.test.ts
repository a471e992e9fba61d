import { describe, expect, it } from 'vitest'
import { createGate, overloadOf } from './admission'

/** A task that runs until released, so a test decides when each turn ends. */
const held = () => {
  let release = () => {}
  const done = new Promise<void>((resolve) => (release = resolve))
  return { task: () => done, release }
}

/** A gate of one turn at a time, waits up to 1 s, on a clock each task moves on by hand. */
const timedGate = () => {
  let clock = 0
  const gate = createGate({
    name: 'db',
    concurrency: 1,
    maxQueued: 100,
    maxWaitMs: 1000,
    now: () => clock,
  })
  return { gate, advance: (ms: number) => void (clock += ms) }
}

describe('an admission gate', () => {
  it('runs at most its concurrency, in order, and sheds past its queue at once', async () => {
    const gate = createGate({ name: 'renders', concurrency: 2, maxQueued: 1, maxWaitMs: 60_000 })
    const order: number[] = []
    const tasks = [held(), held(), held()]
    const runs = tasks.map((t, n) => gate.run(async () => (await t.task(), order.push(n))))
    expect(gate.stats()).toEqual({ running: 2, queued: 1, shed: 0 })
    const error = await gate.run(async () => 'never').catch((failure: unknown) => failure)
    expect(overloadOf(error)).toMatchObject({
      message: 'The server is busy (renders: 1 requests already waiting); try again in 2 s',
      retryAfterS: 2,
      resource: 'renders',
    })
    tasks[1]!.release()
    tasks[0]!.release()
    tasks[2]!.release()
    await Promise.all(runs)
    expect(order).toEqual([1, 0, 2])
    expect(gate.stats()).toEqual({ running: 0, queued: 0, shed: 1 })
  })

  it('lets a priority task go first, even past a full queue', async () => {
    const gate = createGate({ name: 'db', concurrency: 1, maxQueued: 1, maxWaitMs: 60_000 })
    const first = held()
    const order: string[] = []
    const running = gate.run(async () => (await first.task(), order.push('running')))
    const waiting = gate.run(async () => order.push('waiting'))
    const probe = gate.run(async () => order.push('probe'), { priority: true })
    first.release()
    await Promise.all([running, waiting, probe])
    expect(order).toEqual(['running', 'probe', 'waiting'])
  })

  it('sheds a task whose wait passes the deadline, and the task never runs', async () => {
    const gate = createGate({ name: 'db', concurrency: 1, maxQueued: 5, maxWaitMs: 20 })
    const first = held()
    const running = gate.run(first.task)
    let ran = false
    await expect(gate.run(async () => (ran = true))).rejects.toThrow(/no turn within 0.02 s/)
    first.release()
    await running
    expect(ran).toBe(false)
    expect(gate.stats()).toEqual({ running: 0, queued: 0, shed: 1 })
  })

  it('frees its turn when a task fails', async () => {
    const gate = createGate({ name: 'db', concurrency: 1, maxQueued: 5, maxWaitMs: 1000 })
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(gate.run(async () => 'next')).resolves.toBe('next')
  })

  it('sheds at once a task whose turn would come after its deadline, foreseen from recent turns', async () => {
    const { gate, advance } = timedGate()
    for (let turn = 0; turn < 5; turn++) await gate.run(async () => advance(300))
    const first = held()
    const running = gate.run(first.task)
    // Their turns come after 0.3, 0.6 and 0.9 s: within the second.
    const waiting = ['second', 'third', 'fourth'].map((name) => gate.run(async () => name))
    const error = await gate.run(async () => 'fifth').catch((failure: unknown) => failure)
    expect(overloadOf(error)?.message).toBe(
      'The server is busy (db: about 1.2 s of requests already waiting, past its 1 s); try again in 2 s',
    )
    // The health probe is never foreseen out.
    const probe = gate.run(async () => 'probe', { priority: true })
    first.release()
    await expect(Promise.all([running, probe, ...waiting])).resolves.toEqual([
      undefined,
      'probe',
      'second',
      'third',
      'fourth',
    ])
    expect(gate.stats()).toEqual({ running: 0, queued: 0, shed: 1 })
  })

  it('reads the typical turn as the median, so one long turn foresees no wait', async () => {
    const { gate, advance } = timedGate()
    for (const ms of [10, 10, 60_000, 10, 10]) await gate.run(async () => advance(ms))
    const first = held()
    const running = gate.run(first.task)
    const waiting = Array.from({ length: 50 }, () => gate.run(async () => 'ran'))
    first.release()
    await running
    expect(await Promise.all(waiting)).toEqual(Array(50).fill('ran'))
    expect(gate.stats().shed).toBe(0)
  })
})
