import { z } from 'zod/mini'

/** Build-time settings of the browser bundle; everything that varies per deployment comes from GET /api/config. */
const envSchema = z.object({
  VITE_API_BASE_URL: z._default(z.string().check(z.startsWith('/')), '/api'),
  MODE: z.string(),
  DEV: z.boolean(),
})

function parseEnv(raw: Record<string, unknown>) {
  const result = envSchema.safeParse(raw)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid build environment: ${problems.join('; ')}`)
  }
  return {
    apiBaseUrl: result.data.VITE_API_BASE_URL,
    mode: result.data.MODE,
    isDev: result.data.DEV,
  }
}

export const env = parseEnv(import.meta.env)
