// Renders spreadsheet cell values as text: numbers without float noise, dates as ISO dates, booleans and errors readable.

/** A number as a person would type it: 0.1 + 0.2 shows as 0.3. */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return String(Number(value.toPrecision(15)));
}

/** A date as YYYY-MM-DD, with the time when it is not midnight (spreadsheets store dates in UTC). */
export function dateText(value: Date): string {
  if (Number.isNaN(value.getTime())) return "";
  const iso = value.toISOString();
  const time = iso.slice(11, 19);
  if (time === "00:00:00") return iso.slice(0, 10);
  return `${iso.slice(0, 10)} ${time.endsWith(":00") ? time.slice(0, 5) : time}`;
}
