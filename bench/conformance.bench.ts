// Conformance checks against the fixture APIs (server/testing/conformanceFixtures.ts): loopback
// APIs with planted drifts, read through CATALOGUE_OVERLAY as a server would. Reports the
// detection rate (each planted drift found at its pointer) and false alarms (a matching answer
// reported as drifted), both targets being 100% and 0, and the checker's cost: CPU and memory per
// checked API, and the requests an hour the schedule makes at 3,768 and 100,000 APIs within its
// limit of checks a minute. Writes bench/results/conformance.json.
import { performance } from 'node:perf_hooks'
import { loadConfig } from '../server/config'
import { checkConformance, OPERATIONS_PER_API } from '../server/health/conformance'
import { DEFAULT_PROBE_LIMITS, probeApi } from '../server/health/probe'
import { FIXTURES, startFixtureApis } from '../server/testing/conformanceFixtures'
import { round, summarize, writeResult } from './lib'

const ROUNDS = 20

const fixtures = await startFixtureApis()
try {
  const config = loadConfig({
    CATALOGUE_OVERLAY: fixtures.overlayFile,
    TESTER_ALLOWED_HOSTS: `127.0.0.1:${fixtures.port}`,
  })
  const overlay = config.catalogueOverlay!
  const probe = {
    ...DEFAULT_PROBE_LIMITS,
    allowedHosts: config.testerAllowedHosts,
    allowedPorts: config.testerAllowedPorts,
    selfHosts: [],
    origin: 'http://localhost:3000',
    spacingMs: 0,
  }
  const rows: Record<string, unknown>[] = []
  let planted = 0
  let detected = 0
  let matching = 0
  let falseAlarms = 0
  let checkedOperations = 0
  const perApiMs: number[] = []
  const cpuStart = process.cpuUsage()
  const heapBefore = process.memoryUsage().heapUsed
  for (let round_ = 0; round_ < ROUNDS; round_ += 1) {
    for (const api of overlay.apis) {
      const fixture = FIXTURES.find((candidate) => candidate.id === api.record.id)!
      const keys = new Map(
        api.operations.operations.map((op) => [`${op.method} ${op.path}`, op.operationKey]),
      )
      const started = performance.now()
      await probeApi(api.record.baseUrl!, probe)
      const results = await checkConformance(
        {
          document: api.document,
          baseUrl: api.record.baseUrl!,
          keyOf: (method, route) => keys.get(`${method} ${route}`),
        },
        probe,
      )
      perApiMs.push(performance.now() - started)
      if (round_ > 0) continue
      checkedOperations += results.length
      for (const [key, expected] of Object.entries(fixture.expected)) {
        const found = results.find((result) => result.operationKey === key)
        const pointers = found?.violations.map((violation) => violation.pointer) ?? []
        if (expected.status === 'matches') {
          matching += 1
          const alarm = found?.status !== 'matches'
          if (alarm) falseAlarms += 1
          rows.push({
            api: fixture.id,
            drift: fixture.drift,
            found: found?.status ?? 'unchecked',
            ok: !alarm,
          })
        } else {
          planted += 1
          const ok = found?.status === expected.status && pointers.includes(expected.pointer!)
          if (ok) detected += 1
          rows.push({
            api: fixture.id,
            drift: fixture.drift,
            found: found?.status ?? 'unchecked',
            pointer: pointers.join(', '),
            ok,
          })
        }
      }
      // An API with nothing safe to call must get no call but its reachability check.
      if (Object.keys(fixture.expected).length === 0) {
        rows.push({
          api: fixture.id,
          drift: fixture.drift,
          found: `${results.length} checked`,
          ok: results.length === 0,
        })
        if (results.length > 0) falseAlarms += 1
      }
    }
  }
  const cpu = process.cpuUsage(cpuStart)
  const checks = ROUNDS * overlay.apis.length
  const writes = fixtures.seen.filter((request) => !['GET', 'OPTIONS'].includes(request.method))
  // The schedule: each entry once a period, at most maxPerMinute checks a minute an instance. A
  // check is a GET and a preflight (and one plain-HTTP GET for an https address), plus up to
  // OPERATIONS_PER_API GETs for an API whose document the server holds.
  const perHour = (apis: number) => {
    const due = apis / (config.healthChecks.periodMs / 3_600_000)
    const checked = Math.min(due, config.healthChecks.maxPerMinute * 60)
    return {
      apisDuePerHour: round(due, 1),
      apisCheckedPerHour: round(checked, 1),
      backlog: due > checked,
      requestsPerHourReachability: Math.round(checked * 3),
      requestsPerHourIfAllDocumented: Math.round(checked * (3 + OPERATIONS_PER_API)),
    }
  }
  writeResult('conformance', {
    fixtures: overlay.apis.length,
    planted,
    detected,
    detectionRate: round(detected / planted, 4),
    matching,
    falseAlarms,
    checkedOperations,
    writeRequests: writes.length,
    table: rows,
    cost: {
      checksTimed: checks,
      perApi: summarize(perApiMs),
      cpuMsPerCheckedApi: round((cpu.user + cpu.system) / 1000 / checks, 3),
      heapGrowthMB: round((process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024, 1),
      rssMB: round(process.memoryUsage().rss / 1024 / 1024, 1),
    },
    schedule: {
      periodHours: config.healthChecks.periodMs / 3_600_000,
      maxPerMinute: config.healthChecks.maxPerMinute,
      at3768: perHour(3768),
      at100000: perHour(100_000),
    },
  })
  if (detected !== planted || falseAlarms > 0 || writes.length > 0) process.exitCode = 1
} finally {
  await fixtures.close()
}
