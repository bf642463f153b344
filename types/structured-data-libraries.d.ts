// Adobe's structured-data validator and the extractor it reads (issue 48) ship JavaScript only: what the tests of the
// storefront and the e2e journeys use of them, declared once for both.
declare module '@adobe/structured-data-validator' {
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(extracted: unknown): Promise<{ severity: 'ERROR' | 'WARNING'; issueMessage: string; fieldNames: string[] }[]>;
  }
}
declare module '@marbec/web-auto-extractor' {
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: string[] });
    parse(html: string): { jsonld: Record<string, Record<string, unknown>[] | undefined>; metatags: Record<string, string[] | undefined> };
  }
}
