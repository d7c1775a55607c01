// A signed-out visit to a management page: the "Unauthorized" toast, then /api/login after 500 ms (spec section 2).
import { handleUnauthorized } from "@acp/client/unauthorized";
import { useEffect } from "react";
import { LoadingLayout } from "../../../components/loading-layout";

export function UnauthorizedRedirect() {
  useEffect(() => {
    handleUnauthorized();
  }, []);
  return <LoadingLayout label="Redirecting to sign in…" />;
}
