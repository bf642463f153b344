// Structured data as search engines judge it (issue 48): extracted from a page's HTML and checked against Google's rich
// results rules by Adobe's validator (without schema.org's vocabulary file, which needs the network).
import Validator from '@adobe/structured-data-validator';
import WebAutoExtractor from '@marbec/web-auto-extractor';

/** The page's JSON-LD Products, and the errors (not the optional fields' warnings) found in its structured data. */
export async function structuredDataErrors(html: string): Promise<{ products: Record<string, unknown>[]; errors: string[] }> {
  const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(html);
  const issues = await new Validator().validate(extracted);
  return { products: extracted.jsonld.Product ?? [], errors: issues.filter((issue) => issue.severity === 'ERROR').map((issue) => issue.issueMessage) };
}
