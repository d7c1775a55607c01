// Builds the initials avatar (an SVG data URL) shown for users without a profile picture.
const PALETTE = ["#2563eb", "#7c3aed", "#db2777", "#ea580c", "#059669", "#0891b2", "#4f46e5", "#b45309"];

function initials(firstName: string | null, lastName: string | null, email: string | null): string {
  const letters = [firstName, lastName]
    .map((part) => part?.trim().charAt(0) ?? "")
    .join("")
    .toUpperCase();
  if (letters) return letters;
  return (email?.trim().charAt(0) ?? "U").toUpperCase() || "U";
}

/** Stable colour per person, so the same user always gets the same avatar. */
function colourFor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? "#2563eb";
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.codePointAt(0)};`);

export function initialsAvatarUrl(user: {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}): string {
  const text = escapeXml(initials(user.firstName, user.lastName, user.email));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="32" fill="${colourFor(user.id)}"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" fill="#fff" ` +
    `font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="26" font-weight="600">${text}</text>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
