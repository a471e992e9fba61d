// The crowd bench's health probe, on a thread of its own: a load balancer's probe is a separate
// client, and timed from the bench's own event loop, which hundreds of crowd workers keep busy,
// each probe would carry the bench's waits as well as the server's. workerData: { base,
// deadline }; posts back [{ status, ms, at }], at in ms since the probe began.
import { parentPort, workerData } from 'node:worker_threads'

const { base, deadline } = workerData
const probes = []
const begun = performance.now()
while (Date.now() < deadline) {
  const started = performance.now()
  const status = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(30_000) }).then(
    async (response) => (await response.arrayBuffer(), response.status),
    () => 0,
  )
  probes.push({ status, ms: performance.now() - started, at: started - begun })
  await new Promise((resolve) => setTimeout(resolve, 250))
}
parentPort.postMessage(probes)
