import type { ProductDetail } from '@phonehaat/shared-api';
import { conditionText, formatTaka, useLanguage, yearText } from '@phonehaat/shared-ui';
import { useT } from '../i18n';

/** What the structured data says of a phone's state (schema.org's own addresses for them). */
const AVAILABILITY = { available: 'https://schema.org/InStock', sold: 'https://schema.org/SoldOut' } as const;

/** JSON inside a script element: `<` written as an escape, so no listing's text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/**
 * What search engines and shared links read of a phone (issue 48), in the page's language: its description, the Open
 * Graph and Twitter card tags with the share image drawn for this language, and schema.org Product data with its Offer
 * in BDT. React puts the `<meta>` tags in the head (the shell's server does the same in the first HTML); the
 * structured data stays where it is, as search engines read it anywhere in the page.
 */
export function ShareTags({ product }: { product: ProductDetail }) {
  const t = useT();
  const language = useLanguage();
  const price = formatTaka(product.resalePrice, language);
  const description = t('product.metaDescription', {
    name: product.name,
    price,
    condition: conditionText(product.condition),
    year: yearText(product.usedYear, language),
    location: product.location,
    seller: product.sellerName,
  });
  const title = t('product.shareTitle', { name: product.name, price });
  const image = product.shareImage[language];
  const imageAlt = t('product.shareImageAlt', { name: product.name, price });
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description || description,
    image: product.photos.length ? product.photos.map((photo) => photo.large) : [product.img],
    brand: { '@type': 'Brand', name: product.brandName },
    offers: {
      '@type': 'Offer',
      price: product.resalePrice,
      priceCurrency: 'BDT',
      availability: AVAILABILITY[product.status],
      itemCondition: 'https://schema.org/UsedCondition',
      seller: { '@type': 'Person', name: product.sellerName },
    },
  };
  return (
    <>
      <meta name="description" content={description} />
      <meta property="og:type" content="product" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content="image/jpeg" />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:image:alt" content={imageAlt} />
      <meta property="product:price:amount" content={String(product.resalePrice)} />
      <meta property="product:price:currency" content="BDT" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={imageAlt} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(structured) }} />
    </>
  );
}
