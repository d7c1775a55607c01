// Tells screen-reader users that a client-side navigation happened (a full page load announces itself, a route
// change does not) and moves focus to the new page's content, as a page load would put them at its top.
import { type RefObject, useEffect, useRef, useState } from "react";

export function RouteAnnouncer({
  label,
  pathname,
  contentRef,
}: {
  /** The page's name, as in the document title. */
  label: string;
  pathname: string;
  contentRef: RefObject<HTMLElement | null>;
}) {
  const [message, setMessage] = useState("");
  const firstPath = useRef(pathname);

  useEffect(() => {
    // The first page is announced by the page load itself.
    if (pathname === firstPath.current) return;
    firstPath.current = "";
    setMessage(`Navigated to ${label}`);
    contentRef.current?.focus({ preventScroll: true });
  }, [pathname, label, contentRef]);

  return (
    <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </p>
  );
}
