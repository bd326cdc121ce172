/**
 * The product page's Store API criteria (product.server.ts reads and maps the answers). Apart from the
 * app's modules that load translations, so that `npm run bench:store` sends the very same bodies.
 */

const productAssociations = {
  media: {},
  cover: {},
  manufacturer: { associations: { media: {} } },
  properties: { associations: { group: {} } },
  options: { associations: { group: {} } },
  downloads: { associations: { media: {} } },
  deliveryTime: {},
  // The variant family: the shown variant's parent with its children (Shopware's maximum page size; a family is far smaller).
  parent: { associations: { children: { limit: 100 } } },
}

// Cards only need these; the includes keep cross-selling and last-viewed payloads small.
export const cardIncludes = {
  product: [
    'id', 'name', 'translated', 'productNumber', 'calculatedPrice', 'calculatedPrices', 'calculatedCheapestPrice', 'childCount',
    'cover', 'seoUrls', 'customFields',
  ],
  product_media: ['media'],
  media: ['url', 'alt', 'title', 'translated', 'metaData'],
  calculated_price: ['unitPrice', 'listPrice'],
  calculated_cheapest_price: ['unitPrice', 'listPrice', 'hasRange'],
  cart_list_price: ['price', 'percentage'],
  seo_url: ['seoPathInfo', 'isCanonical', 'routeName'],
}

export const crossSellingIncludes = {
  ...cardIncludes,
  cross_selling_element: ['crossSelling', 'products'],
  product_cross_selling: ['id', 'name', 'translated'],
}

/**
 * The detail read with the product's layout, which carries the reviews and cross-selling in its slots, as
 * Shopware's own storefront reads them. `includes` are per entity type, so the family's members and the
 * cross-selling cards come with the fields the page reads of the product itself; the layout keeps only
 * those two slots' data (and the slot types that find them).
 */
const detailIncludes = {
  ...crossSellingIncludes,
  product: [
    ...cardIncludes.product, 'parentId', 'ean', 'description', 'metaTitle', 'metaDescription', 'media', 'coverId', 'properties', 'weight',
    'shippingFree', 'downloads', 'deliveryTime', 'manufacturer', 'seoCategory', 'ratingAverage', 'optionIds', 'available', 'availableStock',
    'isCloseout', 'restockTime', 'minPurchase', 'purchaseSteps', 'maxPurchase', 'calculatedMaxPurchase', 'cmsPage', 'parent', 'children',
  ],
  product_media: ['id', 'position', 'media'],
  media: [...cardIncludes.media, 'fileName'],
  calculated_price: ['unitPrice', 'quantity', 'listPrice'],
  product_review: ['id', 'productId', 'languageId', 'title', 'content', 'points', 'status', 'externalUser', 'createdAt'],
  cms_page: ['sections'],
  cms_section: ['blocks'],
  cms_block: ['slots'],
  cms_slot: ['type', 'data'],
  cms_product_description_reviews: ['reviews'],
  cms_cross_selling: ['crossSellings'],
  cms_text: [],
  cms_image_slider: [],
  cms_buy_box: [],
  cms_manufacturer_logo: [],
}

/**
 * The product page's detail read (`POST /product/{id}` with `sw-include-seo-urls`). `sort` is for the layout's
 * review slot, which reads its criteria from the request (ProductDescriptionReviewsCmsElementResolver):
 * anything but `points` lists the newest first. It is also a valid sorting of the route's own criteria.
 */
export const productDetailBody = { associations: productAssociations, includes: detailIncludes, sort: 'createdAt' }

