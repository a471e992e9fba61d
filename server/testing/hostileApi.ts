// A catalogue record whose every text field tries to run script, for the tests that show it is only
// ever shown as text (server/hostileCatalogue.test.ts, e2e/security.e2e.ts). Every attempt that
// worked would set window.__pwned (to say which one) or open a dialog.
import type { Queryable } from '../db/database'

export const HOSTILE_API_ID = 'hostile-markup-test'

export const HOSTILE_API = {
  id: HOSTILE_API_ID,
  name: `Hostile <script>window.__pwned='name-script'</script><img src=x onerror="window.__pwned='name-img'"> API`,
  provider: `Evil Corp <svg/onload="window.__pwned='provider'">`,
  summary: `Sum"ma'ry <script>alert('summary')</script> <a href="javascript:window.__pwned='summary-link'">summary link</a> --></title></script><img src=x onerror=alert(1)>`,
  description: [
    `## Intro <script>window.__pwned='heading'</script>`,
    `Plain text that must stay readable: 2 < 3 && "quotes" & 'apostrophes'.`,
    `<script>window.__pwned='description-script'</script>`,
    `<img src=x onerror="window.__pwned='description-img'">`,
    `[markdown link](javascript:window.__pwned='markdown-link')`,
    `[entity link](&#106;avascript:window.__pwned='markdown-entity')`,
    `<a href="javascript:window.__pwned='raw-link'">raw link</a>`,
    `<a href="JaVaScRiPt:window.__pwned='mixed-case'">mixed case link</a>`,
    `<a href="&#106;avascript:window.__pwned='entity'">html entity link</a>`,
    `<p onmouseover="window.__pwned='hover'" onclick="window.__pwned='click'">hover me</p>`,
    `<details open ontoggle="window.__pwned='toggle'"><summary>details</summary>inside</details>`,
    `<iframe srcdoc="<script>parent.__pwned='iframe'</script>"></iframe>`,
    `<svg><script>window.__pwned='svg'</script><a xlink:href="javascript:window.__pwned='svg-link'">svg link</a></svg>`,
    `<form action="javascript:window.__pwned='form'"><button formaction="javascript:window.__pwned='formaction'">submit</button></form>`,
    `<object data="javascript:window.__pwned='object'"></object><embed src="javascript:window.__pwned='embed'">`,
    `<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned='mxss'"></style></mglyph></table></mtext></math>`,
    `</textarea></noscript></title></style></script><script>window.__pwned='breakout'</script>`,
    `<meta http-equiv="refresh" content="0;url=javascript:window.__pwned='refresh'"><base href="javascript:/">`,
  ].join('\n\n'),
}

/** What each field must read as on the page: the markup as text, never as elements. */
export const HOSTILE_TEXTS = {
  readable: `Plain text that must stay readable: 2 < 3 && "quotes" & 'apostrophes'.`,
  links: ['markdown link', 'raw link', 'mixed case link', 'html entity link'],
}

/** Adds (or replaces) the record in the first category; returns that category's slug. */
export const insertHostileApi = async (db: Queryable) => {
  const [category] = await db.query<{ slug: string }>(
    'select slug from categories order by position limit 1',
  )
  if (!category) throw new Error('Load the catalogue seed first: there is no category')
  const api = HOSTILE_API
  await db.query(
    `insert into apis (id, name, provider, summary, description, category, auth, auth_types,
       base_url, docs, https, cors, free, rating, logo, version, updated, endpoint_count, endpoints,
       entry)
     values ($1, $2, $3, $4, $5, $6, 'apiKey', '{apiKey}', 'https://hostile.example/v1',
       'https://hostile.example/docs', true, true, true, 5, null, '1.0', '2024-01-01', 0, '[]', $1)
     on conflict (id) do update set name = excluded.name, provider = excluded.provider,
       summary = excluded.summary, description = excluded.description,
       category = excluded.category`,
    [api.id, api.name, api.provider, api.summary, api.description, category.slug],
  )
  return category.slug
}
