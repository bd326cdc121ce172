import type { operations, Schemas } from '@shopware/api-client/api-types'

/**
 * The product finder's Store API criteria (finder.server.ts reads and resolves them). Apart from the
 * app's modules that load translations, so that `npm run bench:store` sends the very same bodies.
 */

export const FINDER_STEPS = [
  { key: 'machineManufacturer', param: 'machine-manufacturer', field: 'forst_machine_manufacturer' },
  { key: 'machineType', param: 'machine-type', field: 'forst_machine_type' },
  { key: 'craneManufacturer', param: 'crane-manufacturer', field: 'forst_crane_manufacturer' },
  { key: 'craneType', param: 'crane-type', field: 'forst_crane_type' },
] as const

export type FinderStepKey = (typeof FINDER_STEPS)[number]['key']
export const FINDER_PAGE_SIZE = 12

type Criteria = NonNullable<operations['readProduct post /product']['body']>
type Aggregation = NonNullable<Criteria['aggregations']>[number]
type ProductFilter = NonNullable<Criteria['filter']>[number]

export const aggregationName = (step: number, mask: number) => `finder-${step}-${mask}`

function equalsFilter(step: number, value: string): ProductFilter {
  return { type: 'equals', field: `customFields.${FINDER_STEPS[step]!.field}`, value }
}

/** Bits of `mask` set for the chosen steps: the filters a step's options are computed under. */
function filtersOf(choices: (string | undefined)[], mask: number): ProductFilter[] {
  const filters: ProductFilter[] = []
  choices.forEach((value, step) => {
    if (value !== undefined && mask & (1 << step)) filters.push(equalsFilter(step, value))
  })
  return filters
}

/**
 * Aggregations for every way the choices before each step could turn out valid or not (at most
 * 1 + 2 + 4 + 8 small terms aggregations), so one store call tells the options of every step even
 * when some of the submitted values do not exist.
 */
export function finderAggregations(choices: (string | undefined)[]): Aggregation[] {
  const aggregations: Aggregation[] = []
  const chosen = choices.map((value) => value !== undefined)
  FINDER_STEPS.forEach((step, index) => {
    const seen = new Set<number>()
    for (let mask = 0; mask < 1 << index; mask++) {
      // Only subsets of the steps actually chosen before this one.
      let subset = 0
      for (let bit = 0; bit < index; bit++) if (mask & (1 << bit) && chosen[bit]) subset |= 1 << bit
      if (seen.has(subset)) continue
      seen.add(subset)
      const terms: Schemas['AggregationTerms'] = {
        type: 'terms',
        name: aggregationName(index, subset),
        field: `customFields.${step.field}`,
      }
      const filter = filtersOf(choices, subset)
      aggregations.push(
        filter.length
          ? {
              type: 'filter',
              name: `${aggregationName(index, subset)}-filter`,
              // The schema types `filter` as a list of filter lists; Shopware reads a flat list of filters.
              filter: filter as unknown as Schemas['AggregationFilter']['filter'],
              aggregation: terms,
            }
          : terms,
      )
    }
  })
  return aggregations
}

/** A page of parent products in name order, before the finder's filters. */
export function finderBase(page: number): Criteria {
  return {
    limit: FINDER_PAGE_SIZE,
    page,
    'total-count-mode': 'exact',
    // Variants inherit their parent's custom fields in Shopware; the parent stands for its family.
    filter: [{ type: 'equals', field: 'parentId', value: null }],
    sort: [{ field: 'name', order: 'ASC', naturalSorting: true }],
    associations: { cover: { associations: { media: {} } } },
  }
}

/** One equals filter per step with a value. */
export const choiceFilters = (choices: (string | undefined)[]) =>
  choices.flatMap((value, index) => (value !== undefined ? [equalsFilter(index, value)] : []))

/** The finder's first read: a page of the parts matching every choice, and the options of every step. */
export function finderCriteria(choices: (string | undefined)[], page: number): Criteria {
  return { ...finderBase(page), 'post-filter': choiceFilters(choices), aggregations: finderAggregations(choices) }
}
