/** The paged enterprise queries' common parts (query spec §9 paging), pure. */

/** The answer's paging beside the moment it answers for: page, pageSize and totalCount. */
export const pageEnvelope = <M extends object>(
  moment: M,
  page: { page: number; pageSize: number },
  totalCount: number,
) => ({ ...moment, page: page.page, pageSize: page.pageSize, totalCount });

/** An export of every page reads at most the cap + 1 rows (projections' pagedSelect). */
export const boundedOf = (page: { bounded?: boolean }): { bounded?: true } =>
  page.bounded ? { bounded: true } : {};
