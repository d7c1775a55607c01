// The shell's root component.

import { AuthGate } from "./auth-gate";
import { AppProvider } from "./provider";

export function App() {
  return (
    <AppProvider>
      <AuthGate />
    </AppProvider>
  );
}
