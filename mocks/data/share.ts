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
