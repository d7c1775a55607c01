// The document title of a page ("Knowledge Base · Agent Control Panel"): React 19 hoists <title> into <head>.
export const PRODUCT_NAME = "Agent Control Panel";

function documentTitle(page?: string): string {
  return page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function DocumentTitle({ page }: { page?: string }) {
  return <title>{documentTitle(page)}</title>;
}
