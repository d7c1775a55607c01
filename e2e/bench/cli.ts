// Command-line plumbing the benchmarks share: numeric `--name=value` flags and the aligned tables they print.

/** The number given as `--name=value`, or undefined when the flag is absent. */
export function flag(name: string): number | undefined {
  const value = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
  return value === undefined ? undefined : Number(value);
}

/** Prints `rows` (the first is the header) under `title`, each column padded to its widest cell. */
export function printTable(title: string, rows: string[][]): void {
  console.log(`\n${title}`);
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  "));
}
