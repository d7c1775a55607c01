// A signed-out visit to a management page: the "Unauthorized" toast, then /api/login after 500 ms (spec section 2).
import { useEffect } from "react";
import { LoadingLayout } from "../../../components/loading-layout";
import { signInAgain } from "../sign-in-again";

export function UnauthorizedRedirect() {
  useEffect(() => {
    signInAgain();
  }, []);
  return <LoadingLayout label="Redirecting to sign in…" />;
}
