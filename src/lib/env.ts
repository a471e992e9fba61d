/**
 * Build-time settings of the browser bundle; everything that varies per deployment comes from
 * GET /api/config. Checked by hand rather than with zod: these three values are not worth the
 * ~14 KB of compressed schema code zod would add to every page's first load (docs/performance.md).
 */
export function parseEnv(raw: Record<string, unknown>) {
  const problems: string[] = []
  const apiBaseUrl = raw.VITE_API_BASE_URL ?? '/api'
  if (typeof apiBaseUrl !== 'string' || !apiBaseUrl.startsWith('/')) {
    problems.push('VITE_API_BASE_URL: must be a path starting with "/"')
  }
  if (typeof raw.MODE !== 'string') problems.push('MODE: must be a string')
  if (typeof raw.DEV !== 'boolean') problems.push('DEV: must be a boolean')
  if (problems.length > 0) throw new Error(`Invalid build environment: ${problems.join('; ')}`)
  return {
    apiBaseUrl: apiBaseUrl as string,
    mode: raw.MODE as string,
    isDev: raw.DEV as boolean,
  }
}

export const env = parseEnv(import.meta.env)
