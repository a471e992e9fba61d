// The APIs a listing page shows first, as its main text: crawlers read them, and so does a visitor
// before the app has drawn its own.
import type { ApiSummary } from '../../contract/apis'
import type { PageItem } from './page'

export const listedApis = (apis: ApiSummary[], linkTo: (api: ApiSummary) => string): PageItem[] =>
  apis.map((api) => ({
    title: api.name,
    path: linkTo(api),
    summary: api.summary || 'No description given.',
  }))
