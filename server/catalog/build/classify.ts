import type { CategorySlug } from '../../../src/contract/categories'

export type ClassifyInput = {
  id: string
  name: string
  provider: string
  /** x-serviceName, e.g. `translate`. */
  service: string
  /** Plain text. */
  description: string
  /** x-apisguru-categories. */
  guruCategories: string[]
}

/** APIs.guru's categories onto ours. */
const FROM_GURU: Record<string, CategorySlug> = {
  cloud: 'cloud',
  hosting: 'cloud',
  backend: 'cloud',
  storage: 'cloud',
  developer_tools: 'developer-tools',
  tools: 'developer-tools',
  monitoring: 'developer-tools',
  analytics: 'analytics',
  open_data: 'open-data',
  education: 'open-data',
  search: 'open-data',
  messaging: 'communication',
  email: 'communication',
  telecom: 'communication',
  ecommerce: 'ecommerce',
  financial: 'finance',
  payment: 'payments',
  media: 'media-entertainment',
  entertainment: 'media-entertainment',
  text: 'text-language',
  location: 'location',
  collaboration: 'productivity',
  project_management: 'productivity',
  forms: 'productivity',
  time_management: 'productivity',
  transport: 'transport',
  security: 'security',
  iot: 'iot',
  marketing: 'marketing-social',
  social: 'marketing-social',
  customer_relation: 'marketing-social',
  support: 'marketing-social',
  enterprise: 'business',
  machine_learning: 'ai-ml',
}

/** When a document has several categories, the most specific wins: earlier beats later. */
const PRIORITY: CategorySlug[] = [
  'payments',
  'ai-ml',
  'iot',
  'security',
  'transport',
  'location',
  'communication',
  'text-language',
  'media-entertainment',
  'ecommerce',
  'finance',
  'marketing-social',
  'developer-tools',
  'productivity',
  'business',
  'analytics',
  'open-data',
  'cloud',
]

/** Broad buckets that a strong word in the name may override (Amazon Translate is not "cloud"). */
const GENERIC = new Set<CategorySlug>(['cloud', 'developer-tools', 'open-data', 'analytics'])

/** Providers that tag every document alike (all of Google's are "analytics, media"): names decide. */
const BLANKET_TAGGED: Record<string, CategorySlug> = { 'googleapis.com': 'cloud' }

/** Well-known providers and documents, where a developer would look for them. */
const WELL_KNOWN: Record<string, CategorySlug> = {
  'stripe.com': 'payments',
  'paypal.com': 'payments',
  'squareup.com': 'payments',
  'adyen.com': 'payments',
  'braintreegateway.com': 'payments',
  'checkout.com': 'payments',
  'gocardless.com': 'payments',
  'mollie.com': 'payments',
  'twilio.com': 'communication',
  'sendgrid.com': 'communication',
  'mailgun.com': 'communication',
  'slack.com': 'communication',
  'vonage.com': 'communication',
  'nexmo.com': 'communication',
  'mailchimp.com': 'marketing-social',
  'hubspot.com': 'marketing-social',
  'spotify.com': 'media-entertainment',
  'openai.com': 'ai-ml',
  'github.com': 'developer-tools',
  'gitlab.com': 'developer-tools',
  'bitbucket.org': 'developer-tools',
  'atlassian.com': 'productivity',
  'shopify.com': 'ecommerce',
  'ebay.com': 'ecommerce',
  'googleapis-com-youtube': 'media-entertainment',
  'googleapis-com-translate': 'text-language',
  'googleapis-com-gmail': 'communication',
  'googleapis-com-calendar': 'productivity',
  'googleapis-com-drive': 'productivity',
  'googleapis-com-sheets': 'productivity',
  'googleapis-com-docs': 'productivity',
}

type Rule = [CategorySlug, RegExp]

/** Strong words: enough, in an API's name, to place it. Tried in order. */
const NAME_RULES: Rule[] = [
  ['payments', /\b(payments?|checkout|payouts?|acquiring|paypal|stripe)\b/],
  [
    'ai-ml',
    /\b(machine learning|ml|ai|artificial intelligence|openai|gpt|llm|neural|deep learning|computer vision|vision|speech|rekognition|comprehend|sagemaker|lex|polly|textract|transcribe|cognitive|dialogflow|automl|vertex ai|personalize|amazon forecast|bedrock|face|recognition|chatbots?)\b/,
  ],
  [
    'iot',
    /\b(iot|internet of things|greengrass|sensors?|smart ?home|things?|devices? provisioning)\b/,
  ],
  [
    'security',
    /\b(security|identity|iam|kms|key vault|secrets?( manager)?|fraud|threat|vulnerabilit\w*|firewall|guardduty|certificates?|sso|waf|passwords?|encryption|sentinel|defender|authentication|authorization|access approval|shield|macie|inspector|antivirus|malware)\b/,
  ],
  [
    'transport',
    /\b(transit|flights?|airlines?|airports?|vehicles?|cars?|trains?|railways?|rail|bus|buses|logistics|travel|taxi|parking|aviation|fleet|transport\w*)\b/,
  ],
  [
    'location',
    /\b(maps?|geo\w*|location|places|address\w*|weather|gis|elevation|timezones?|postcodes?|zip ?codes?)\b/,
  ],
  [
    'communication',
    /\b(e-?mails?|mail|sms|messag\w*|voice|phones?|telephony|chat|notifications?|push|calls?|fax|whatsapp|telegram|sns|ses|pinpoint|communication\w*|conferenc\w*|video calls?)\b/,
  ],
  [
    'text-language',
    /\b(translat\w*|languages?|texts?|nlp|dictionar\w*|words?|spell\w*|pdf|documents?|ocr|grammar|sentiment|natural language)\b/,
  ],
  [
    'media-entertainment',
    /\b(videos?|music|audio|media|images?|photos?|movies?|films?|tv|television|streaming|games?|gaming|news|podcasts?|radio|books?|comics?|anime|sports?|youtube|lyrics|art|museum)\b/,
  ],
  [
    'ecommerce',
    /\b(e-?commerce|shops?|shopping|stores?|carts?|orders?|products?|marketplaces?|retail|inventory|merchants?|shipping|coupons?)\b/,
  ],
  [
    'finance',
    /\b(financ\w*|banks?|banking|accounting|stocks?|trading|exchanges?|crypto\w*|bitcoin|blockchain|currenc\w*|forex|invest\w*|tax(es)?|loans?|insurance|credit|invoic\w*|billing)\b/,
  ],
  [
    'marketing-social',
    /\b(marketing|ads?|ad exchange|adwords|adsense|advertis\w*|campaigns?|crm|social|twitter|facebook|instagram|linkedin|customers?|support|helpdesk|tickets?|leads?|seo|newsletters?|reviews?)\b/,
  ],
  [
    'productivity',
    /\b(calendars?|tasks?|projects?|todo|notes?|collaborat\w*|spreadsheets?|sheets|drive|files?|forms?|surveys?|workflows?|scheduling|office|meetings?|wiki|boards?)\b/,
  ],
  [
    'business',
    /\b(hr|hris|payroll|employees?|recruit\w*|ats|erp|legal|contracts?|compan(y|ies)|business|enterprise|procurement|jobs?|sales)\b/,
  ],
]

/** Weaker words for the rest, on names and descriptions of uncategorised documents. */
const FALLBACK_RULES: Rule[] = [
  ['analytics', /\b(analytics|metrics|statistics|insights|reporting|dashboards?|tracking)\b/],
  [
    'developer-tools',
    /\b(devops|ci|cd|git\w*|code|builds?|deploy\w*|testing|logs?|logging|monitoring|debug\w*|sdk|webhooks?|api management|developers?)\b/,
  ],
  [
    'cloud',
    /\b(cloud|compute|storage|hosting|servers?|databases?|kubernetes|containers?|dns|cdn|serverless|functions|vms?|virtual machines?)\b/,
  ],
  [
    'open-data',
    /\b(open data|government|public|science|scientific|research|education|datasets?|census|health|medical|library|gov)\b/,
  ],
]

const firstMatch = (rules: Rule[], text: string) =>
  rules.find(([, pattern]) => pattern.test(text))?.[0]

/** Places one document in exactly one of the 18 categories. */
export const classify = (input: ClassifyInput): CategorySlug => {
  const known = WELL_KNOWN[input.id] ?? WELL_KNOWN[input.provider]
  if (known) return known

  const name = `${input.name} ${input.service}`.toLowerCase()
  const blanket = BLANKET_TAGGED[input.provider]
  if (blanket) return firstMatch(NAME_RULES, name) ?? firstMatch(FALLBACK_RULES, name) ?? blanket

  // Some documents spell their one category letter by letter.
  const raw = input.guruCategories.every((c) => c.length === 1)
    ? [input.guruCategories.join('')]
    : input.guruCategories
  const mapped = raw.map((c) => FROM_GURU[c]).filter((c): c is CategorySlug => c !== undefined)
  const fromGuru = PRIORITY.find((slug) => mapped.includes(slug))

  if (fromGuru && !GENERIC.has(fromGuru)) return fromGuru
  const byName = firstMatch(NAME_RULES, name)
  if (byName) return byName
  if (fromGuru) return fromGuru

  const text = `${name} ${input.description.toLowerCase()}`
  return (
    firstMatch(NAME_RULES, text) ??
    firstMatch(FALLBACK_RULES, text) ??
    // A bare provider with no words to go on is most often a web service of its own.
    'developer-tools'
  )
}
