// A process that starts the watchdog, then freezes its own event loop (or, with "stop", ends the
// watch and exits): run by watchdog.test.ts with Node's type stripping.
import { startWatchdog } from '../watchdog.ts'

const watchdog = startWatchdog(Number(process.argv[2]))
if (process.argv[3] === 'stop') {
  await watchdog.stop()
  console.log('stopped watching')
} else {
  setTimeout(() => {
    console.log('freezing')
    for (;;);
  }, 50)
}
