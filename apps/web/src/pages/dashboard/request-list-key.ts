// The query-cache key of every dashboard list page; screens that change requests invalidate it.
export const requestListKey = ['signature-requests', 'list'] as const;
