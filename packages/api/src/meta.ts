/** `meta` understood by the global error handler, on any query or mutation. */
export interface ApiRequestMeta extends Record<string, unknown> {
  /**
   * Statuses this query or mutation handles itself (spec 1 §7): the global toast is skipped for
   * them. A session that cannot be renewed (REFRESH_TOKEN_ERROR) is always handled globally.
   */
  handledStatuses?: readonly number[];
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ApiRequestMeta;
    mutationMeta: ApiRequestMeta;
  }
}
