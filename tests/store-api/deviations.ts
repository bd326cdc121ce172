// The ONLY place where conformance validation is relaxed. Each entry is a documented difference
// between the official Store API schema (shipped in @shopware/api-client) and how Shopware 6.7
// really answers, which the demo store reproduces on purpose. Anything else that fails the schema
// is a bug in the demo store.

interface DeviationDoc {
  /** What the schema says versus what Shopware sends. */
  differs: string
  /** Why the demo store follows Shopware rather than the schema. */
  why: string
  /** Where the real behaviour is documented or implemented. */
  source: string
}

/** Replaces (or creates) the value at `pointer` in storeApiSchema.json before it is compiled. */
export interface SchemaDeviation extends DeviationDoc {
  kind: 'schema'
  /** JSON pointer into storeApiSchema.json (RFC 6901, with the leading '#'). */
  pointer: string
  replacement: unknown
}

/** Statuses any operation may answer with the standard error envelope, listed or not. */
export interface StatusDeviation extends DeviationDoc {
  kind: 'status'
  statuses: number[]
}

export type Deviation = SchemaDeviation | StatusDeviation

const NOTES = '/work/shared/reference/store-api-notes.md'

export const deviations: Deviation[] = [
  {
    kind: 'status',
    statuses: [412, 503],
    differs: 'The schema lists 412 and 503 for no operation.',
    why:
      'The sales-channel listener runs before every route: an unknown access key or language gives 412 ' +
      '(FRAMEWORK__ROUTING_SALES_CHANNEL_NOT_FOUND, SYSTEM__LANGUAGE_INVALID_EXCEPTION) and maintenance mode ' +
      'gives 503 FRAMEWORK__API_SALES_CHANNEL_MAINTENANCE_MODE, both in the usual {errors:[…]} envelope.',
    source: `${NOTES} §5 "Status and code reference"; Shopware core SalesChannelAuthenticationListener, ErrorResponseFactory`,
  },
  {
    kind: 'status',
    statuses: [400, 413],
    differs: 'The schema documents 400 only for some operations and 413 for none.',
    why:
      'Every route that takes criteria parses them with RequestCriteriaBuilder (400 FRAMEWORK__INVALID_LIMIT_QUERY, ' +
      'FRAMEWORK__QUERY_LIMIT_EXCEEDED, FRAMEWORK__INVALID_FILTER_QUERY…), and JsonRequestTransformerListener answers ' +
      'any JSON body it cannot decode (malformed, or nested deeper than 512) with 400 "The JSON payload is malformed.". ' +
      'A body over the size limit is refused with 413 before any route runs; the demo store sends the usual envelope.',
    source:
      'Shopware core RequestCriteriaBuilder::parse, JsonRequestTransformerListener (json_decode depth 512), ' +
      'shopware.yaml shopware.api.store.max_limit; server/demo-store/README.md "Bad input"',
  },
  {
    kind: 'schema',
    pointer: '#/components/responses/ContextTokenResponse/content/application~1json/schema/properties/redirectUrl',
    replacement: { description: 'Define the URL which browser will be redirected to', type: ['string', 'null'] },
    differs: 'The schema types redirectUrl as a string; Shopware sends null unless a language switch changes the domain.',
    why: 'ContextTokenResponse::getRedirectUrl() is nullable and serialized as is.',
    source: `${NOTES} §2 "Envelopes", §3 updateContext, §10; Shopware core ContextTokenResponse`,
  },
  {
    kind: 'schema',
    pointer: '#/components/schemas/EntitySearchResult/properties/aggregations',
    replacement: {
      description: 'Aggregation results keyed by aggregation name; an empty collection serializes as [].',
      anyOf: [{ type: 'object' }, { type: 'array', maxItems: 0 }],
    },
    differs: 'The schema declares an array of aggregations; Shopware sends an object keyed by aggregation name.',
    why: 'AggregationResultCollection is keyed by name; PHP serializes it as an object, or as [] when it is empty.',
    source: `${NOTES} §4 "aggregations is an object keyed by name", §10; Shopware core AggregationResultCollection`,
  },
  {
    kind: 'schema',
    pointer: '#/components/schemas/EntitySearchResult/properties/limit',
    replacement: { description: 'The limit of the criteria; null when the search was not limited.', type: ['integer', 'null'] },
    differs: 'The schema types limit as an integer; Shopware sends null for a search without a limit.',
    why: 'EntitySearchResult takes the limit from Criteria::getLimit(), which is ?int; reads such as /salutation or /country are unlimited.',
    source: 'Shopware core EntitySearchResult::$limit and Criteria::getLimit() (both ?int)',
  },
  {
    kind: 'schema',
    pointer: '#/components/schemas/Country/properties/addressFormat',
    replacement: {
      description: 'Address lines, each a list of snippet keys such as address/street.',
      type: 'array',
      items: { type: 'array', items: { type: 'string' } },
    },
    differs: 'The schema types addressFormat as an object; Shopware sends a list of lines, each a list of snippet keys.',
    why: 'CountryDefinition stores address_format as a JSON list (default CountryDefinition::DEFAULT_ADDRESS_FORMAT), serialized as an array.',
    source: 'Shopware core CountryDefinition::DEFAULT_ADDRESS_FORMAT (6.5+), e.g. [["address/company","symbol/dash","address/department"],…]',
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1account~1address~1default-billing~1{addressId}/patch/responses/204',
    replacement: { description: 'The default billing address was set.' },
    differs: 'The schema documents 200; Shopware answers 204 with an empty body.',
    why: 'SwitchDefaultAddressRoute returns a NoContentResponse.',
    source: `${NOTES} §3 Account (defaultBillingAddress), §10; Shopware core SwitchDefaultAddressRoute`,
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1account~1address~1default-shipping~1{addressId}/patch/responses/204',
    replacement: { description: 'The default shipping address was set.' },
    differs: 'The schema documents 200; Shopware answers 204 with an empty body.',
    why: 'SwitchDefaultAddressRoute returns a NoContentResponse.',
    source: `${NOTES} §3 Account (defaultShippingAddress), §10; Shopware core SwitchDefaultAddressRoute`,
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1product~1{productId}~1review/post/responses/204',
    replacement: { description: 'The review was saved and waits for approval.' },
    differs: 'The schema documents 200; Shopware answers 204 with an empty body.',
    why: 'ProductReviewSaveRoute returns a NoContentResponse.',
    source: `${NOTES} §3 saveProductReview; Shopware core ProductReviewSaveRoute`,
  },
  {
    kind: 'schema',
    pointer: '#/components/schemas/Product/properties/calculatedPrices',
    replacement: { type: 'array', items: { $ref: '#/components/schemas/CalculatedPrice' } },
    differs: 'The schema wraps CalculatedPrice in an object with additionalProperties:false and no properties, which rejects every field.',
    why: 'Shopware serializes calculatedPrices as a list of full CalculatedPrice structs (unitPrice, quantity, totalPrice, taxes, listPrice…), one per tier.',
    source: 'Shopware core SalesChannelProductEntity::$calculatedPrices (PriceCollection of CalculatedPrice)',
  },
  {
    kind: 'schema',
    pointer: '#/components/schemas/PropertyGroupOption/required',
    replacement: ['translated', 'id', 'groupId', 'name'],
    differs: "The schema requires 'group' and 'option' on every option; Shopware has no 'option' field and sends 'group' only when the association is loaded.",
    why: 'PropertyGroupOptionEntity has no option property; options in aggregations and configurators come without their group where it is the parent.',
    source: 'Shopware core PropertyGroupOptionDefinition; ProductListingResult properties aggregation',
  },
  {
    kind: 'schema',
    pointer: '#/components/schemas/Product/properties/seoCategory',
    replacement: { anyOf: [{ $ref: '#/components/schemas/Category' }, { type: 'null' }] },
    differs: 'The schema requires seoCategory as a Category object; Shopware sends null unless the main category is resolved for the request.',
    why: 'SalesChannelProductEntity::$seoCategory is ?CategoryEntity and is serialized as null when unset.',
    source: 'Shopware core SalesChannelProductEntity::$seoCategory',
  },
  {
    kind: 'schema',
    pointer: '#/components/schemas/Cart/properties/errors',
    replacement: {
      description: 'Cart errors keyed by error key; an empty collection serializes as [].',
      anyOf: [
        { type: 'array', maxItems: 0 },
        { type: 'object', additionalProperties: { type: 'object', required: ['code', 'key', 'level', 'message', 'messageKey'] } },
      ],
    },
    differs: 'The schema types errors as an object (and an array at once); Shopware sends [] for no errors and an id-keyed object otherwise.',
    why: 'ErrorCollection is keyed by error key; PHP serializes an empty one as [].',
    source: `${NOTES} §6 "Serialization"`,
  },
  {
    kind: 'schema',
    pointer: '#/components/schemas/LineItem/properties/payload',
    replacement: { type: 'object', description: 'Free-form payload; for products productNumber, options, ids and flags of the product.' },
    differs: 'The schema types a line item payload as a JSON:API product resource (id, type, name, taxId… required).',
    why: 'ProductCartProcessor writes a plain payload array (productNumber, options, manufacturerId, taxId, tagIds, stock, isCloseout…) without id, type or name.',
    source: 'Shopware core ProductCartProcessor::getPayload',
  },
  {
    kind: 'schema',
    pointer: '#/components/schemas/LineItem/properties/priceDefinition',
    replacement: {
      description: 'The price definition of the line item type: quantity (products), percentage or absolute (promotion discounts).',
      anyOf: [
        { $ref: '#/components/schemas/CartPriceQuantity' },
        { type: 'object', required: ['apiAlias'], properties: { apiAlias: { enum: ['cart_price_percentage', 'cart_price_absolute'] }, type: { enum: ['percentage', 'absolute'] } } },
      ],
    },
    differs: 'The schema types every line item price definition as CartPriceQuantity; discount line items carry a percentage or absolute definition.',
    why: 'PromotionItemBuilder gives discounts a PercentagePriceDefinition (apiAlias cart_price_percentage) or AbsolutePriceDefinition (cart_price_absolute).',
    source: `${NOTES} §6 "Promotions"; Shopware core PromotionItemBuilder::buildDiscountLineItem, PercentagePriceDefinition, AbsolutePriceDefinition`,
  },
  {
    kind: 'schema',
    pointer: '#/components/schemas/CartDeliveryInformation/properties/weight',
    replacement: { type: 'number' },
    differs: 'The schema types the delivery weight as an integer; product weights are decimals (kg).',
    why: 'DeliveryInformation::$weight is a float taken from the product weight.',
    source: 'Shopware core DeliveryInformation::$weight (float)',
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1account~1register-confirm/post/responses/200',
    replacement: {
      description: 'The confirmed customer, logged in: the new context token is in the sw-context-token header.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Customer' } } },
    },
    differs: 'The schema documents 200 without a body; Shopware answers with the Customer.',
    why: 'RegisterConfirmRoute returns a CustomerResponse of the confirmed customer (and the new token in the header).',
    source: `${NOTES} §7 "Double opt-in"; Shopware core RegisterConfirmRoute::confirm`,
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1account~1register-confirm/post/responses/404',
    replacement: { description: 'No hash sent, or no customer for it.', content: { 'application/json': { schema: { $ref: '#/components/schemas/failure' } } } },
    differs: 'The schema documents 404 without a body; Shopware sends the error envelope.',
    why: 'CHECKOUT__NO_HASH_PROVIDED and CHECKOUT__CUSTOMER_NOT_FOUND_BY_HASH are CustomerExceptions, rendered by ErrorResponseFactory.',
    source: 'Shopware core CustomerException::noHashProvided, CustomerNotFoundByHashException',
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1account~1register-confirm/post/responses/412',
    replacement: { description: 'The customer is already confirmed.', content: { 'application/json': { schema: { $ref: '#/components/schemas/failure' } } } },
    differs: 'The schema documents 412 without a body; Shopware sends the error envelope.',
    why: 'CustomerAlreadyConfirmedException (CHECKOUT__CUSTOMER_IS_ALREADY_CONFIRMED) is rendered by ErrorResponseFactory.',
    source: 'Shopware core CustomerAlreadyConfirmedException',
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1account~1register-confirm/post/responses/400',
    replacement: { $ref: '#/components/responses/400' },
    differs: 'The schema documents no 400; a wrong `em` is a violation.',
    why: 'RegisterConfirmRoute validates em with EqualTo(sha1(email)): 400 VIOLATION::NOT_EQUAL_ERROR at /em.',
    source: `${NOTES} §7 "Double opt-in"; Shopware core RegisterConfirmRoute::getBeforeConfirmValidation`,
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1account~1recovery-password-confirm/post/responses/410',
    replacement: { description: 'The recovery hash is expired or unknown.', content: { 'application/json': { schema: { $ref: '#/components/schemas/failure' } } } },
    differs: 'The schema documents 410 without a body; Shopware sends the error envelope (CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED).',
    why: 'CustomerRecoveryHashExpiredException is rendered by ErrorResponseFactory; ResetPasswordRoute::checkHash also answers an unknown hash with it.',
    source: 'Shopware core ResetPasswordRoute::resetPassword/checkHash, CustomerRecoveryHashExpiredException',
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1account~1customer-recovery-is-expired/post/responses/200/content/application~1json/schema',
    replacement: {
      type: 'object',
      required: ['isExpired', 'apiAlias'],
      properties: { isExpired: { type: 'boolean' }, apiAlias: { type: 'string', const: 'array_struct' } },
    },
    differs: 'The schema wraps the flag as {data:[{isExpired}]}; Shopware sends {isExpired, apiAlias:"array_struct"}.',
    why: 'CustomerRecoveryIsExpiredResponse wraps an ArrayStruct([\'isExpired\' => bool]).',
    source: `${NOTES} §3 Account (getCustomerRecoveryIsExpired); Shopware core CustomerRecoveryIsExpiredResponse`,
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1account~1change-password/post/responses/200',
    replacement: { $ref: '#/components/responses/ContextTokenResponse' },
    differs: 'The schema documents a SuccessResponse; Shopware answers with a ContextTokenResponse carrying a new token.',
    why: 'ChangePasswordRoute returns ContextTokenResponse; CustomerTokenSubscriber moves the session to a new token and logs out the other sessions.',
    source: 'Shopware core ChangePasswordRoute::change, CustomerTokenSubscriber::onCustomerWritten',
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1account~1address~1{addressId}/delete/responses/400',
    replacement: { $ref: '#/components/responses/400' },
    differs: 'The schema documents 400 without a body; Shopware sends the error envelope.',
    why: 'CHECKOUT__CUSTOMER_ADDRESS_IS_DEFAULT, …_IS_ACTIVE and …_NOT_FOUND are CustomerExceptions, rendered by ErrorResponseFactory.',
    source: 'Shopware core DeleteAddressRoute, CannotDeleteDefaultAddressException, CustomerException::cannotDeleteActiveAddress',
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1account~1customer/get',
    replacement: {
      operationId: 'readCustomerGet',
      responses: {
        '200': { description: 'The logged-in customer.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Customer' } } } },
        '400': { $ref: '#/components/responses/400' },
        '401': { $ref: '#/components/responses/401' },
        '403': { $ref: '#/components/responses/403' },
      },
    },
    differs: 'The schema documents /account/customer for POST only.',
    why: 'CustomerRoute is registered for GET and POST (criteria in the query for GET).',
    source: "Shopware core CustomerRoute::load (#[Route(methods: ['GET', 'POST'])])",
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1account~1change-payment-method~1{paymentMethodId}',
    replacement: {
      post: {
        operationId: 'changePaymentMethod',
        responses: {
          '200': { description: 'The default payment method was changed.', content: { 'application/json': { schema: { $ref: '#/components/schemas/SuccessResponse' } } } },
          '400': { $ref: '#/components/responses/400' },
          '401': { $ref: '#/components/responses/401' },
          '403': { $ref: '#/components/responses/403' },
        },
      },
    },
    differs: 'The 6.7 schema has no /account/change-payment-method/{paymentMethodId} (6.7 removed the default payment method).',
    why: 'The storefront spec keeps a default payment method per customer; the demo store serves the 6.6 route (schema 6.6.10).',
    source: `${NOTES} §3 Account (changePaymentMethod); Shopware core 6.6 ChangePaymentMethodRoute`,
  },
  // Orders and payment (issue 8).
  ...(['Order/properties/shippingCosts', 'OrderDelivery/properties/shippingCosts', 'OrderTransaction/properties/amount'] as const).map((path): Deviation => ({
    kind: 'schema',
    pointer: `#/components/schemas/${path}`,
    replacement: { $ref: '#/components/schemas/CalculatedPrice' },
    differs: 'The schema types the taxes, tax rules and reference/list/regulation prices of this price as objects.',
    why: 'Shopware stores and sends a CalculatedPrice here (calculatedTaxes and taxRules are lists, the optional prices null), as in the cart.',
    source: 'Shopware core OrderDefinition::shippingCosts, OrderDeliveryDefinition::shippingCosts, OrderTransactionDefinition::amount (CalculatedPriceField)',
  })),
  {
    kind: 'schema',
    pointer: '#/components/schemas/OrderLineItem/properties/priceDefinition',
    replacement: {
      description: 'The price definition of the ordered line item: quantity (products), percentage or absolute (promotion discounts).',
      anyOf: [
        { $ref: '#/components/schemas/CartPriceQuantity' },
        { type: 'object', required: ['apiAlias'], properties: { apiAlias: { enum: ['cart_price_percentage', 'cart_price_absolute'] }, type: { enum: ['percentage', 'absolute'] } } },
      ],
    },
    differs: 'The schema types every order line item price definition as CartPriceQuantity; discount line items keep their percentage or absolute definition.',
    why: 'OrderConverter copies the cart line item\'s price definition into the order line item (see the LineItem deviation above).',
    source: 'Shopware core LineItemTransformer::transform (priceDefinition), PromotionItemBuilder::buildDiscountLineItem',
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1handle-payment/post/responses/200/content/application~1json/schema',
    replacement: { type: 'object', properties: { redirectUrl: { type: ['string', 'null'] } }, required: ['redirectUrl'] },
    differs: 'The schema types redirectUrl as a string; Shopware sends null when the payment needs no redirect.',
    why: 'PaymentProcessor::pay returns null for synchronous handlers (invoice, prepayment) and when no transaction is open; HandlePaymentMethodRouteResponse then sends redirectUrl: null.',
    source: 'Shopware core PaymentProcessor::pay, HandlePaymentMethodRouteResponse; server/demo-store/README.md "Orders and payment"',
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1handle-payment/get/responses/200/content/application~1json/schema',
    replacement: { type: 'object', properties: { redirectUrl: { type: ['string', 'null'] } }, required: ['redirectUrl'] },
    differs: 'The schema types redirectUrl as a string; Shopware sends null when the payment needs no redirect.',
    why: 'As for POST /handle-payment (the route answers GET and POST alike).',
    source: 'Shopware core HandlePaymentMethodRoute (#[Route(methods: [\'GET\', \'POST\'])])',
  },
  {
    kind: 'schema',
    pointer: '#/components/schemas/WishlistLoadRouteResponse/properties/products',
    replacement: {
      allOf: [
        { $ref: '#/components/schemas/EntitySearchResult' },
        { type: 'object', required: ['elements'], properties: { elements: { type: 'array', items: { $ref: '#/components/schemas/Product' } }, apiAlias: { const: 'dal_entity_search_result' } } },
      ],
    },
    differs: 'The schema types the wishlist\'s products as a ProductListingResult (currentFilters, availableSortings, apiAlias product_listing); Shopware sends a plain EntitySearchResult of products.',
    why: 'LoadWishlistRoute::loadProducts returns the SalesChannelRepository search result (EntitySearchResult<ProductCollection>), no listing processors run.',
    source: 'Shopware core LoadWishlistRoute::loadProducts, LoadWishlistRouteResponse; server/demo-store/README.md "Wishlist"',
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1contact-form/post/responses/200',
    replacement: {
      description: 'Message sent successful.',
      content: {
        'application/json': {
          schema: {
            type: 'object', required: ['individualSuccessMessage', 'apiAlias'],
            properties: { individualSuccessMessage: { type: 'string' }, apiAlias: { const: 'contact_form_result' } },
          },
        },
      },
    },
    differs: 'The schema documents 200 without a body; Shopware answers the ContactFormRouteResponseStruct.',
    why: 'ContactFormRoute::load returns {individualSuccessMessage} (the CMS form slot\'s confirmationText, else ""), apiAlias contact_form_result.',
    source: 'Shopware core ContactFormRoute::load, ContactFormRouteResponseStruct',
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1contact-form/post/responses/429',
    replacement: { description: 'Too many messages (rate_limiter.contact_form).', content: { 'application/json': { schema: { $ref: '#/components/schemas/failure' } } } },
    differs: 'The schema documents no 429.',
    why: 'ContactFormRoute calls RateLimiter::ensureAccepted(CONTACT_FORM): RateLimitExceededException, 429 FRAMEWORK__RATE_LIMIT_EXCEEDED with meta.parameters.seconds.',
    source: 'Shopware core ContactFormRoute::load, RateLimitExceededException; shopware.yaml rate_limiter.contact_form',
  },
  {
    kind: 'schema',
    pointer: '#/paths/~1newsletter~1subscribe/post/responses/429',
    replacement: { description: 'Too many subscriptions (rate_limiter.newsletter_form).', content: { 'application/json': { schema: { $ref: '#/components/schemas/failure' } } } },
    differs: 'The schema documents no 429.',
    why: 'NewsletterSubscribeRoute turns RateLimitExceededException into NewsletterException::newsletterThrottled: 429 CONTENT__NEWSLETTER_RECIPIENT_THROTTLED with meta.parameters.seconds.',
    source: 'Shopware core NewsletterSubscribeRoute::subscribe, NewsletterException::newsletterThrottled',
  },
]
