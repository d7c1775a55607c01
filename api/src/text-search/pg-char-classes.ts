// Character classes of PostgreSQL's default text search parser as PGlite (PostgreSQL 18, musl, C.UTF-8) has them.

/*
 * Why tables and not Unicode properties: the parser asks libc (iswalpha, towlower), whose Unicode tables are older
 * than the JavaScript engine's and disagree on ~24k code points. These were read from PGlite itself, one code
 * point at a time: alone, a letter parses as a word; "a" followed by a non-letter that does not break a word (a
 * zero-width or spacing mark: the parser's "special" class) parses as one word; lower(chr(c)) gives the lowercase.
 * Ranges are "gap.length" pairs in base 36, each gap counted from the end of the previous range.
 */
const ALPHA_RANGES =
  "4q.1,a.1,4.1,5.n,1.v,1.cq,4.c,e.5,7.1,1.1,2e.1,16.5,1.2,2.4,1.1,6.1,1.3,1.1,1.k,1.2b,1.3v,8.4m,1.12," +
  "2.1,6.15,13.e,1.1,1.2,1.2,1.1,8.r,4.4,t.b,5.1k,1.h,4.2u,1.8,4.8,4.g,2.1,g.1c,d.2t,e.17,9.2,4.1,5.o,2" +
  ".j,j.p,7.b,1h.l,1.8,m.c,3.7,6.24,1.g,1.3,4.f,2.a,1.j,1.8,2.2,2.m,1.7,1.1,3.4,3.8,2.2,2.2,1.1,8.1,4.2" +
  ",1.5,2.c,a.1,4.3,1.6,4.2,2.m,1.7,1.2,1.2,1.2,4.5,4.2,2.2,4.1,7.4,1.1,7.g,b.3,1.9,1.3,1.m,1.7,1.2,1.5" +
  ",3.9,1.3,1.2,3.1,f.4,2.a,9.4,4.3,1.8,2.2,2.m,1.7,1.2,1.5,3.8,2.2,2.2,9.2,4.2,1.5,2.a,1.1,g.2,1.6,3.3" +
  ",1.4,3.2,1.1,1.2,3.2,3.3,3.c,4.5,3.3,1.3,3.1,6.1,e.a,g.4,1.8,1.3,1.n,1.g,3.8,1.3,1.3,8.2,1.3,5.4,2.a" +
  ",g.4,1.8,1.3,1.n,1.a,1.5,3.8,1.3,1.3,8.2,7.1,1.4,2.a,1.2,d.4,1.8,1.3,1.15,2.8,1.3,1.3,1.1,5.4,7.5,2." +
  "a,a.6,2.2,1.i,3.o,1.9,1.1,2.7,8.6,1.1,1.8,6.a,2.2,d.1a,1.b,5.6,7.1,2.a,13.2,1.1,1.5,1.o,1.1,1.j,1.3," +
  "2.5,1.1,6.1,2.a,2.4,w.1,v.a,m.8,1.10,4.h,6.g,1.10,1v.1j,1.1,2.f,6.26,2.12,1.1,5.1,2.17,1.99,1.4,2.7," +
  "1.1,1.4,2.15,1.4,2.x,1.4,2.7,1.1,1.4,2.f,1.1l,1.4,2.1v,11.g,g.2e,2.6,3.h8,2.h,1.q,5.23,3.b,7.d,1.6,c" +
  ".k,c.k,c.d,1.3,1.2,c.1g,2.j,e.1,4.1,3.a,12.a,6.2h,7.17,5.1y,a.v,1.c,4.9,d.14,2.5,b.18,4.q,6.a,12.s,4" +
  ".1r,2.k,b.a,6.a,d.1,2g.1g,1.f,1.7,4.a,12.16,2.1m,1.b,e.1j,9.a,3.1d,2.9,7.17,2.3,15.4,1.6,1.2,3.1,5.5" +
  "c,13.e,b.7q,2.6,2.12,2.6,2.8,1.1,1.1,1.1,1.v,2.1h,1.7,1.1,3.3,1.7,3.4,2.6,4.d,5.3,1.7,38.1,d.1,g.d,2" +
  "t.1,4.1,2.a,1.1,3.5,6.1,1.1,1.1,1.4,1.b,2.4,5.5,4.1,h.15,ml.1g,1ee.1b,1.1b,1.3p,6.4,3.2,c.12,1.1,5.1" +
  ",2.1k,7.1,g.n,9.7,1.7,1.7,1.7,1.7,1.7,1.7,1.7,1.w,1b.1,d1.3,p.9,7.5,2.5,4.2e,6.3,1.2i,1.4,5.17,1.2m," +
  "h.r,1h.g,e8.52u,22.g6o,g.wd,1v.1a,2.7h,3.s,k.1b,5.8,3.35,13.9,2.2v,2.1h,2.5,1c.f,1.x,o.1g,c.1w,1.1,a" +
  ".a,o.6,3.1,1.1a,5.z,d.t,3.1f,1.c,f.b,6.v,1.1j,9.e,2.a,6.n,3.1x,1.1,1.1,o.3,2.g,2.4,b.6,2.6,2.6,9.7,1" +
  ".7,1.17,1.c,8.3f,5.a,6.8mc,c.n,4.1d,6is.a6,2.2y,12.7,c.5,5.c,1.d,1.5,1.1,1.2,1.2,1.30,x.a3,i.1s,2.1i" +
  ",14.c,38.5,1.3r,j.a,7.q,6.q,b.2h,3.6,2.6,2.6,2.3,z.c,1.q,1.j,1.2,1.f,2.e,y.3f,1x.1h,7f.t,3.1d,1b.w,d" +
  ".u,5.17,5.u,2.10,4.8,1.5,16.4e,2.a,6.10,4.10,4.14,8.1g,4c.8n,9.m,a.8,48.6,2.1,1.18,1.2,3.1,2.n,a.n,9" +
  ".v,1t.j,1.2,a.m,a.q,1y.1k,6.2,1s.4,1.2,5.8,1.3,1.t,16.t,3.t,z.8,1.s,r.1i,a.m,a.j,d.i,32.21,1j.1f,d.1" +
  "f,d.14,8.a,cm.t,a.1,8.m,4a.n,9.1y,w.a,i.1j,n.p,7.a,6.1f,3.a,4.3,9.z,3.1,9.1s,1.4,b.b,1.1,z.i,1.y,2.1" +
  ",6.1,1t.7,1.1,1.4,1.f,1.a,7.1l,7.a,6.4,1.8,2.2,2.m,1.7,1.2,1.5,3.8,2.2,2.2,3.1,6.1,5.7,4c.1u,1.3,1.4" +
  ",5.a,5.1,w.1u,2.2,1.1,8.a,4m.1i,2.7,p.6,y.1r,1.1,3.1,b.a,12.1i,2.1,7.a,1i.r,2.e,5.a,5i.1l,2v.22,l.1," +
  "4g.8,2.1a,2.6,1.1,1.2,r.1f,2.a,h.20,5.1,y.1l,7b.9,1.19,1.7,1.1,f.a,o.u,2.m,1.e,21.7,1.2,1.18,3.1,1.2" +
  ",1.3,1.1,2.2,8.a,6.6,1.2,1.11,1.2,1.4,1.1,7.a,8m.n,7d.pm,2u.33,h.5g,24c.tr,34h.g7,6nt.ft,7.v,1.a,2u." +
  "u,i.1c,g.4,c.a,9.l,5.j,j4.1s,3k.23,4.1l,7.h,1s.2,1.1,s.4qg,8.kz,7bh.7z,1d.3,h.4,8.b0,1s4.2z,5.d,3.9," +
  "7.a,4.1,4m9.2d,1.1z,1.2,2.1,2.2,2.4,1.c,1.1,1.7,1.1t,1.4,2.8,1.7,1.s,1.4,1.5,1.1,3.7,1.9g,2.p,1.p,1." +
  "v,1.p,1.v,1.p,1.v,1.p,1.v,1.p,1.8,2.1e,1kw.7,1.h,2.7,1.2,1.5,5x.19,a.7,2.a,4.1,a9.18,4.a,zq.5h,1n.1w" +
  ",3.1,3.1,4.a,x2.4,1.r,1.2,1.1,2.1,1.a,1.4,1.1,1.1,6.1,4.1,1.1,1.1,1.3,1.2,1.1,2.1,1.1,1.1,1.1,1.1,1." +
  "2,1.1,2.4,1.7,1.4,1.4,1.1,1.a,1.h,5.3,1.5,1.h,hg.q,6.q,6.q,2uu.1eke";

const SPECIAL_RANGES =
  "4t.1,gi.1x,1.16,7n.7,7b.v,28.6,m.1,1n.1,3o.1,1.2,9.3,y.1,1c.b,4g.9,9.1,q.2,j.1,17.3,1g.g,16.a,c.3,7." +
  "6,24.1,g.1,3.4,2v.1,g.1,1c.3,1n.1,6.4,2.2,2.4,2z.1,9.1,6.1,1b.4,1n.1,g.9,3b.1,1i.1,1j.1,c.1,3.8,2v.1" +
  ",g.1,31.2,g.1,1f.1,20.1,a.1,35.6,1.1,2z.1,d.5,1.1,21.2,r.1,1.1,1.1,4.2,1u.3,1.2,g.1,19.1,34.1,1.2,ma" +
  ".3,qc.1,4f.2,j.b,9.1,19.5,89.3,83.2,k.b,1c.28,1g.1,f.1,12.9,1i.2,1m.1,28.1,48.3,1.d,1.7,4.1,6.1,3.2," +
  "5i.13,e.b,ej.5,q.5,1d.g,2o.x,2da.3,3x.1,iy.4,2z.2,n9w.4,9.2,36.2,7o.1,11.1,47.1,r.i,1l.3,11.1,2n.1,7" +
  "f.1,1.1,1g.1,6u.1,g7m.g,g.g,5r.1,6x.3,e9.1,6a.1,1er.1,2.5,18.8,4l.2,hu.5,8t.2,27.4,1y.b,1d.4,5c.1,15" +
  ".1,2.2,a.3,1j.2,2.1,4.c,2t.2,1q.1,2d.4,2.1,2u.1,a.1,4n.2,28.2,15.f,1y.6,d.1,1.1,1.1,e.2,2n.1,3.1,n.1" +
  ",2r.2,6z.2,3i.1,3b.1,37.1,7h.2,74.2,1.1,4.1,44.2,6.1,2a.2,i.1,28.2,bh.1,7.1,6v.3,1.1,2.1,3.1,1.2,29." +
  "1,a0.2,1g.5,5.1,1.1,n.1,445.h,6.f,8ug.c,3.3,1xc.5,1n.7,x9.1,f5k.1,2.4,3mk.1z,f4.3,9.g,2.7,u.4,44.3,1" +
  "iz.1j,4.1e,8.1,e.1,m.l,11z.1,h.2,7.1,2.1,2x.1,4g.7,af.1,1p.4,e4.4,72.2,kg.7,31.3,1.3,gzau.dr";

/** Code points whose PGlite lowercase differs from JavaScript's (as "code.lowercase" in base 36). */
const LOWER_EXCEPTIONS =
  "8g.2x,5mx.5mx,792.792,793.793,794.794,795.795,796.796,797.797,798.798,799.799,79a.79a,79b.79b,79c.79" +
  "c,79d.79d,79e.79e,79f.79f,79g.79g,79h.79h,79i.79i,79j.79j,79k.79k,79l.79l,79m.79m,79n.79n,79o.79o,79" +
  "p.79p,79q.79q,79r.79r,8q7.8q7,x4w.x4w,x53.x53,x55.x55,x57.x57,x58.x58,x5a.x5a,x5c.x5c,x5e.x5e,x5g.x5" +
  "g,x5i.x5i,x5k.x5k,x5m.x5m,x5o.x5o,x6d.x6d,1fn4.1fn4,1fn5.1fn5,1fn6.1fn6,1fn7.1fn7,1fn8.1fn8,1fn9.1fn" +
  "9,1fna.1fna,1fnb.1fnb,1fnc.1fnc,1fnd.1fnd,1fne.1fne,1fng.1fng,1fnh.1fnh,1fni.1fni,1fnj.1fnj,1fnk.1fn" +
  "k,1fnl.1fnl,1fnm.1fnm,1fnn.1fnn,1fno.1fno,1fnp.1fnp,1fnq.1fnq,1fnr.1fnr,1fns.1fns,1fnt.1fnt,1fnu.1fn" +
  "u,1fnw.1fnw,1fnx.1fnx,1fny.1fny,1fnz.1fnz,1fo0.1fo0,1fo1.1fo1,1fo2.1fo2,1fo4.1fo4,1fo5.1fo5,1h74.1h7" +
  "4,1h75.1h75,1h76.1h76,1h77.1h77,1h78.1h78,1h79.1h79,1h7a.1h7a,1h7b.1h7b,1h7c.1h7c,1h7d.1h7d,1h7e.1h7" +
  "e,1h7f.1h7f,1h7g.1h7g,1h7h.1h7h,1h7i.1h7i,1h7j.1h7j,1h7k.1h7k,1h7l.1h7l,1h7m.1h7m,1h7n.1h7n,1h7o.1h7" +
  "o,1h7p.1h7p,20f4.20f4,20f5.20f5,20f6.20f6,20f7.20f7,20f8.20f8,20f9.20f9,20fa.20fa,20fb.20fb,20fc.20f" +
  "c,20fd.20fd,20fe.20fe,20ff.20ff,20fg.20fg,20fh.20fh,20fi.20fi,20fj.20fj,20fk.20fk,20fl.20fl,20fm.20f" +
  "m,20fn.20fn,20fo.20fo,20fp.20fp,20fq.20fq,20fr.20fr,20fs.20fs";

/** Class bits of one code point, as the parser's character tests see it. */
export const ALPHA = 1;
export const DIGIT = 2;
export const SPACE = 4;
/** Not a letter, but does not end a word (marks, zero-width characters). */
export const SPECIAL = 8;
export const XDIGIT = 16;
/** One byte in UTF-8: the only characters the parser compares literally (`-`, `.`, `@`...). */
export const ASCII = 32;
/** A character a URL path may hold (RFC 3986 without `"<>\^`{|}`). */
export const URLCHAR = 64;
/** An ASCII letter. */
export const ASCLET = 128;

/** musl's iswspace beyond ASCII (used by tag and path states only). */
const WIDE_SPACES = [
  0x85, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2008, 0x2009, 0x200a, 0x2028,
  0x2029, 0x205f, 0x3000,
];

function decodeRanges(encoded: string, bit: number, into: Uint8Array): void {
  let end = 0;
  for (const pair of encoded.split(",")) {
    const dot = pair.indexOf(".");
    const start = end + Number.parseInt(pair.slice(0, dot), 36);
    end = start + Number.parseInt(pair.slice(dot + 1), 36);
    into.fill(bit, start, end);
  }
}

function buildClassTable(): Uint8Array {
  // One byte per code point (1.1 MB, built once): a lookup per character is what keeps the parser fast.
  const table = new Uint8Array(0x110000);
  decodeRanges(ALPHA_RANGES, ALPHA, table);
  decodeRanges(SPECIAL_RANGES, SPECIAL, table);
  for (const cp of WIDE_SPACES) table[cp] = (table[cp] ?? 0) | SPACE;
  for (let cp = 0; cp < 0x80; cp += 1) {
    const ch = String.fromCharCode(cp);
    let bits = ASCII;
    if (/[A-Za-z]/.test(ch)) bits |= ALPHA | ASCLET;
    if (/[0-9]/.test(ch)) bits |= DIGIT;
    if (/[0-9A-Fa-f]/.test(ch)) bits |= XDIGIT;
    if (/[ \t\n\v\f\r]/.test(ch)) bits |= SPACE;
    if (cp > 0x20 && cp < 0x7f && !`"<>\\^\`{|}`.includes(ch)) bits |= URLCHAR;
    table[cp] = bits;
  }
  return table;
}

let classTable: Uint8Array | undefined;

/** The class table, indexed by code point (surrogate halves have no class). */
export function charClasses(): Uint8Array {
  classTable ??= buildClassTable();
  return classTable;
}

let lowerExceptions: Map<number, number> | undefined;

function exceptions(): Map<number, number> {
  if (!lowerExceptions) {
    lowerExceptions = new Map();
    for (const pair of LOWER_EXCEPTIONS.split(",")) {
      const dot = pair.indexOf(".");
      lowerExceptions.set(Number.parseInt(pair.slice(0, dot), 36), Number.parseInt(pair.slice(dot + 1), 36));
    }
  }
  return lowerExceptions;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * Lowercases like PostgreSQL's str_tolower on PGlite: one code point at a time (towlower), so no final sigma and
 * no two-character results (JavaScript's toLowerCase has both), with libc's own mapping where it differs.
 */
export function pgLower(text: string): string {
  if (isAscii(text)) return text.toLowerCase();
  const table = exceptions();
  let out = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const mapped = table.get(cp);
    if (mapped !== undefined) out += String.fromCodePoint(mapped);
    else {
      const lower = ch.toLowerCase();
      // Only U+0130 lowercases to two code points in JavaScript; it is in the exceptions, so this is one.
      out += lower;
    }
  }
  return out;
}
