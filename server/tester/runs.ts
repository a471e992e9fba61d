import type { Queryable } from '../db/database'

/** Keeps which host a test reached and how it answered; never the path, query or headers. */
export const recordRun = async (
  db: Queryable,
  run: { method: string; url: string; status: number | 'Error'; responseTime: number },
) => {
  let host: string
  try {
    host = new URL(run.url).host
  } catch {
    return
  }
  await db.query(
    'insert into tester_runs (method, host, status, response_time_ms) values ($1, $2, $3, $4)',
    [
      run.method,
      host,
      run.status === 'Error' ? null : run.status,
      Math.max(0, Math.round(run.responseTime)),
    ],
  )
}
