// Picks an option of a labelled select from the keyboard, as a keyboard user would: Enter opens it, Enter picks.
import { fireEvent, screen } from "@testing-library/react";

export function chooseOption(select: string, option: string): void {
  fireEvent.keyDown(screen.getByRole("combobox", { name: select }), { key: "Enter" });
  fireEvent.keyDown(screen.getByRole("option", { name: option }), { key: "Enter" });
}

/** The option names of a labelled select, opened from the keyboard and closed again. */
export function optionNames(select: string): string[] {
  const trigger = screen.getByRole("combobox", { name: select });
  fireEvent.keyDown(trigger, { key: "Enter" });
  const names = screen.getAllByRole("option").map((option) => option.textContent ?? "");
  fireEvent.keyDown(screen.getAllByRole("option")[0] as HTMLElement, { key: "Escape" });
  return names;
}
