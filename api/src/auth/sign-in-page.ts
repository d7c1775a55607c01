// The built-in sign-in page behind /api/login: self-contained HTML (inline CSS, no script, no external asset).

export type SignInPageState = {
  /** Which form the error belongs to, so it is shown (and announced) next to the right fields. */
  form?: "sign-in" | "sign-up";
  error?: string;
  values?: { email?: string; firstName?: string; lastName?: string };
  returnTo: string;
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.codePointAt(0)};`);

const attr = (value: string | undefined) => escapeHtml(value ?? "");

function errorBlock(state: SignInPageState, form: "sign-in" | "sign-up"): string {
  if (state.form !== form || !state.error) return "";
  return `<p class="error" role="alert" id="${form}-error">${escapeHtml(state.error)}</p>`;
}

function describedBy(state: SignInPageState, form: "sign-in" | "sign-up", extra = ""): string {
  const ids = [state.form === form && state.error ? `${form}-error` : "", extra].filter(Boolean).join(" ");
  return ids ? ` aria-describedby="${ids}"` : "";
}

const STYLES = `
:root{color-scheme:light;--bg:oklch(0.99 0.003 286);--card:#fff;--text:oklch(0.2 0.03 282);--muted:oklch(0.5 0.03 283);
--border:oklch(0.88 0.016 285);--accent:oklch(0.45 0.2 280);--accent-hover:oklch(0.4 0.2 280);--accent-text:oklch(0.985 0.008 285);
--error-bg:#fef2f2;--error:oklch(0.5 0.22 25);--ring:oklch(0.55 0.2 282)}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
background:var(--bg);color:var(--text);line-height:1.5;display:flex;flex-direction:column;align-items:center}
header{text-align:center;padding:3rem 1rem 1.5rem}
.brand{display:inline-flex;align-items:center;gap:.6rem;font-size:1.5rem;font-weight:700;margin:0}
.brand svg{width:2.25rem;height:2.25rem}
header p{margin:.5rem 0 0;color:var(--muted)}
main{width:100%;max-width:60rem;padding:0 1rem 3rem;display:grid;gap:1.5rem;
grid-template-columns:repeat(auto-fit,minmax(min(100%,22rem),1fr))}
section{background:var(--card);border:1px solid var(--border);border-radius:.9rem;padding:1.75rem;
box-shadow:0 1px 2px rgb(0 0 0/.04),0 8px 24px rgb(15 23 42/.06)}
h2{margin:0 0 .25rem;font-size:1.2rem}
.lead{margin:0 0 1.25rem;color:var(--muted);font-size:.95rem}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
.field{display:flex;flex-direction:column;gap:.3rem;margin-bottom:1rem}
label{font-weight:600;font-size:.9rem}
input{font:inherit;padding:.6rem .75rem;border:1px solid var(--border);border-radius:.5rem;
background:transparent;color:var(--text);width:100%}
input:focus-visible,button:focus-visible{outline:3px solid var(--ring);outline-offset:2px;border-color:var(--accent)}
.hint{color:var(--muted);font-size:.85rem;margin:0}
button{width:100%;font:inherit;font-weight:600;padding:.7rem 1rem;border:0;border-radius:.5rem;
background:var(--accent);color:var(--accent-text);cursor:pointer}
button:hover{background:var(--accent-hover)}
.error{background:var(--error-bg);color:var(--error);border-radius:.5rem;padding:.6rem .75rem;margin:0 0 1rem;font-weight:500}
footer{color:var(--muted);font-size:.85rem;padding-bottom:2rem}
`;

/** The product's logo, as in the app's sidebar and shell/public/favicon.svg. */
const LOGO = `<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="7" fill="#9f94fd"/><g fill="none" stroke="#0e0e27" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" transform="translate(4 4)"><path d="M12 8V4H8"/><rect width="16" height="12" x="4" y="8" rx="2"/><path d="M2 14h2M20 14h2M15 13v2M9 13v2"/></g></svg>`;

/** Renders the page; every interpolated value is HTML-escaped. */
export function renderSignInPage(state: SignInPageState): string {
  const values = state.values ?? {};
  const signUpEmail = state.form === "sign-up" ? values.email : undefined;
  const signInEmail = state.form === "sign-up" ? undefined : values.email;
  const returnTo = `<input type="hidden" name="returnTo" value="${attr(state.returnTo)}">`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Agent Control Panel</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLES}</style>
</head>
<body>
<header>
<h1 class="brand">${LOGO}<span>Agent Control Panel</span></h1>
<p>Create, train and deploy AI agents on your own knowledge.</p>
</header>
<main>
<section aria-labelledby="sign-in-title">
<h2 id="sign-in-title">Sign in</h2>
<p class="lead">Welcome back. Use the email and password of your account.</p>
<form method="post" action="/api/auth/sign-in">
${errorBlock(state, "sign-in")}${returnTo}
<div class="field"><label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${attr(signInEmail)}"${describedBy(state, "sign-in")}></div>
<div class="field"><label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy(state, "sign-in")}></div>
<button type="submit">Sign in</button>
</form>
</section>
<section aria-labelledby="sign-up-title">
<h2 id="sign-up-title">Create account</h2>
<p class="lead">New here? It takes a few seconds.</p>
<form method="post" action="/api/auth/sign-up">
${errorBlock(state, "sign-up")}${returnTo}
<div class="row">
<div class="field"><label for="firstName">First name</label>
<input id="firstName" name="firstName" type="text" autocomplete="given-name" required value="${attr(values.firstName)}"${describedBy(state, "sign-up")}></div>
<div class="field"><label for="lastName">Last name</label>
<input id="lastName" name="lastName" type="text" autocomplete="family-name" required value="${attr(values.lastName)}"${describedBy(state, "sign-up")}></div>
</div>
<div class="field"><label for="sign-up-email">Email</label>
<input id="sign-up-email" name="email" type="email" autocomplete="email" required value="${attr(signUpEmail)}"${describedBy(state, "sign-up")}></div>
<div class="field"><label for="sign-up-password">Password</label>
<input id="sign-up-password" name="password" type="password" autocomplete="new-password" required minlength="8"${describedBy(state, "sign-up", "password-hint")}>
<p class="hint" id="password-hint">At least 8 characters, not a common password and not your email.</p></div>
<button type="submit">Create account</button>
</form>
</section>
</main>
<footer>Agent Control Panel · Executive Edition</footer>
</body>
</html>`;
}
