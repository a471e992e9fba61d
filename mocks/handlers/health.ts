import { http, HttpResponse } from 'msw'
import type { Health } from '@/contract/health'

const url = '*/api/health'

export const healthHandlers = {
  default: [http.get(url, () => HttpResponse.json({ status: 'ok', db: 'ok' } satisfies Health))],
}
