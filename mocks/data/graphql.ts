// A small GraphQL endpoint for the tester's GraphQL mode: its schema (as an introspection answer
// through the tester's route) and an answer to a query. Sample data, in stories and tests only.
import { buildSchema, introspectionFromSchema } from 'graphql'
import type { TestResponseData } from '@/contract/tester'
import { okTestResponse } from './tester'

export const GRAPHQL_URL = 'https://countries.example/graphql'

export const sampleGraphqlSchema = buildSchema(`
  """A country, by its ISO 3166 code."""
  type Country {
    code: ID!
    name: String!
    capital: String
    currency: String
    continent: Continent!
    languages: [Language!]!
  }

  type Continent {
    code: ID!
    name: String!
    countries: [Country!]!
  }

  type Language {
    code: ID!
    name: String!
    native: String
  }

  input CountryFilter {
    continent: ID
    currency: String
  }

  type Query {
    """Every country, or those the filter keeps."""
    countries(filter: CountryFilter): [Country!]!
    """One country by its code."""
    country(code: ID!): Country
    continents: [Continent!]!
    continent(code: ID!): Continent
    languages: [Language!]!
  }
`)

const graphqlAnswer = (data: unknown): TestResponseData => ({
  ...okTestResponse,
  headers: { 'content-type': 'application/graphql-response+json; charset=utf-8' },
  contentType: 'application/graphql-response+json; charset=utf-8',
  data,
  url: GRAPHQL_URL,
  request: { ...okTestResponse.request, method: 'POST', url: GRAPHQL_URL },
})

/** The endpoint's answer to the introspection query. */
export const introspectionTestResponse = graphqlAnswer({
  data: introspectionFromSchema(sampleGraphqlSchema),
})

/** An endpoint that keeps its schema to itself, as many public ones do in production. */
export const introspectionRefusedTestResponse = graphqlAnswer({
  errors: [{ message: 'GraphQL introspection is not allowed, but the query contained __schema' }],
})

/** The answer to `{ country(code: "BR") { name capital currency } }`. */
export const countryTestResponse = graphqlAnswer({
  data: { country: { name: 'Brazil', capital: 'Brasília', currency: 'BRL' } },
})
