// The builders live in src/shared/seo, where the server's page heads use them too.
export * from '@/shared/seo/jsonLd'
