import { delay, http, HttpResponse } from 'msw'
import { embeddedConfig, externalDirectoryConfig } from '../data/config'

const url = '*/api/config'

export const configHandlers = {
  default: [http.get(url, () => HttpResponse.json(embeddedConfig))],
  externalDirectory: [http.get(url, () => HttpResponse.json(externalDirectoryConfig))],
  loading: [
    http.get(url, async () => {
      await delay('infinite')
      return HttpResponse.json(embeddedConfig)
    }),
  ],
  error: [
    http.get(url, () =>
      HttpResponse.json({ success: false, error: 'Service unavailable' }, { status: 503 }),
    ),
  ],
}
