/**
 * A Shopware entity id as the Store API writes it: 32 lower-case hex digits. Anything else in a path
 * or a form is no id of the store's, so it is refused or treated as unknown without a store call.
 */
export const HEX_ID = /^[0-9a-f]{32}$/
