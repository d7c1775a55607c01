// The wizard's current step (spec section 4): starts at 1, moves one step at a time with Continue, Deploy and Back,
// and can only go back to a step already reached (tabs beyond the current step are disabled).
import { WIZARD_STEPS } from "@acp/contracts/constants";
import { useCallback, useRef, useState } from "react";

export const FIRST_STEP = 1;

export function useWizardStep() {
  const [step, setStep] = useState(FIRST_STEP);
  const moved = useRef(false);
  /**
   * The ref of each step's heading: after a step change focus moves to the new step's title, so keyboard and screen
   * reader users follow. A callback ref, because the tab panel mounts its content a render after the step changes.
   */
  const heading = useCallback((element: HTMLHeadingElement | null) => {
    if (!element || !moved.current) return;
    moved.current = false;
    element.focus();
  }, []);

  /** Back to a step already reached (a tab or Back); never forward past the current step. */
  const goTo = (target: number) => {
    if (target < FIRST_STEP || target >= step) return;
    moved.current = true;
    setStep(target);
  };
  /** Continue and Deploy Agent: the next step, one at a time. */
  const next = () => {
    if (step >= WIZARD_STEPS) return;
    moved.current = true;
    setStep(step + 1);
  };
  const back = () => goTo(step - 1);

  return { step, next, back, goTo, heading };
}
