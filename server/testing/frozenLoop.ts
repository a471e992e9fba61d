// A process that starts the watchdog, then, by its second argument: "stop" ends the watch and
// exits; "ready" says it is up, then freezes its event loop; "slow-start" holds its loop for twice
// the limit before it is up and for half the limit after, then exits by itself; nothing freezes
// the loop before it is up. Run by watchdog.test.ts with Node's type stripping.
import { startWatchdog } from '../watchdog.ts'

const limitMs = Number(process.argv[2])
const mode = process.argv[3]
const watchdog = startWatchdog(limitMs)
const hold = (ms: number) => {
  const until = Date.now() + ms
  while (Date.now() < until);
}
if (mode === 'stop') {
  await watchdog.stop()
  console.log('stopped watching')
} else if (mode === 'slow-start') {
  setTimeout(async () => {
    hold(2 * limitMs)
    watchdog.ready()
    // Being up must not count the start's hold against the shorter limit.
    hold(limitMs / 2)
    await watchdog.stop()
    console.log('started')
  }, 50)
} else {
  setTimeout(() => {
    if (mode === 'ready') watchdog.ready()
    console.log('freezing')
    for (;;);
  }, 50)
}
