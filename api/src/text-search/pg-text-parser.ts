// PostgreSQL's default text search parser ("default", wparser_def.c) re-expressed in TypeScript: same tokens, same types.
import { ALPHA, ASCII, ASCLET, charClasses, DIGIT, SPACE, SPECIAL, URLCHAR, XDIGIT } from "./pg-char-classes";

/** Token type ids, as ts_token_type('default') numbers them. */
export const TokenType = {
  asciiword: 1,
  word: 2,
  numword: 3,
  email: 4,
  url: 5,
  host: 6,
  sfloat: 7,
  version: 8,
  hword_numpart: 9,
  hword_part: 10,
  hword_asciipart: 11,
  blank: 12,
  tag: 13,
  protocol: 14,
  numhword: 15,
  asciihword: 16,
  hword: 17,
  url_path: 18,
  file: 19,
  float: 20,
  int: 21,
  uint: 22,
  entity: 23,
} as const;

/*
 * The parser is a backtracking state machine. Each state is an ordered list of rules; the first rule whose test
 * accepts the current character fires. A rule may: move on (NEXT), emit a token (BINGO), save the position to come
 * back to (PUSH), give up and resume after the saved rule (POP), re-test the same character in another state
 * (RERUN), or forget saved positions (CLEAR: the last one, CLRALL: all). Keeping PostgreSQL's rule order exactly is
 * what makes the tokens equal, including its odd corners ("-1.2.3" is a blank "-" then a version).
 */

// Tests.
const EOF = 0;
const EQ = 1;
const ASCLET_T = 2;
const ALPHA_T = 3;
const DIGIT_T = 4;
const ALNUM = 5;
const NOT_ALNUM = 6;
const SPACE_T = 7;
const SPECIAL_T = 8;
const XDIGIT_T = 9;
const URLCHAR_T = 10;
const IGNORE = 11;
const STOP_HOST = 12;
const IS_HOST = 13;
const IS_URL_PATH = 14;
const ANY = 15;

// Actions (bits).
const NEXT = 0;
const BINGO = 1;
const POP = 2;
const PUSH = 4;
const RERUN = 8;
const CLEAR = 16;
const MERGE = 32;
const CLRALL = 64;

// Side effects run before the action.
const NO_SPECIAL = 0;
const TAGS = 1;
const FURL = 2;
const HYPHEN = 3;
const VER_VERSION = 4;

type Rule = { test: number; ch: number; act: number; to: number; type: number; special: number };

const STATE_NAMES = [
  "Base",
  "NumWord",
  "AsciiWord",
  "Word",
  "UnsignedInt",
  "SignedIntFirst",
  "SignedInt",
  "Space",
  "UDecimalFirst",
  "UDecimal",
  "DecimalFirst",
  "Decimal",
  "VerVersion",
  "SVerVersion",
  "VersionFirst",
  "Version",
  "MantissaFirst",
  "MantissaSign",
  "Mantissa",
  "EntityFirst",
  "Entity",
  "EntityNumFirst",
  "EntityNum",
  "EntityHexNumFirst",
  "EntityHexNum",
  "EntityEnd",
  "TagFirst",
  "XmlBegin",
  "TagCloseFirst",
  "TagName",
  "TagBeginEnd",
  "Tag",
  "TagEscapeK",
  "TagEscapeKK",
  "TagBackslashed",
  "TagEnd",
  "CommentFirst",
  "CommentLast",
  "Comment",
  "CloseCommentFirst",
  "CloseCommentLast",
  "CommentEnd",
  "HostFirstDomain",
  "HostDomainSecond",
  "HostDomain",
  "PortFirst",
  "Port",
  "HostFirstAN",
  "Host",
  "Email",
  "FileFirst",
  "FileTwiddle",
  "PathFirst",
  "PathFirstFirst",
  "PathSecond",
  "File",
  "FileNext",
  "UrlPathFirst",
  "UrlPathStart",
  "UrlPath",
  "FUrl",
  "ProtocolFirst",
  "ProtocolSecond",
  "ProtocolEnd",
  "HyphenAsciiWordFirst",
  "HyphenAsciiWord",
  "HyphenWordFirst",
  "HyphenWord",
  "HyphenNumWordFirst",
  "HyphenNumWord",
  "HyphenDigitLookahead",
  "ParseHyphen",
  "ParseHyphenHyphen",
  "HyphenWordPart",
  "HyphenAsciiWordPart",
  "HyphenNumWordPart",
  "HyphenUnsignedInt",
] as const;
type StateName = (typeof STATE_NAMES)[number];
const S = Object.fromEntries(STATE_NAMES.map((name, index) => [name, index])) as Record<StateName, number>;
/** "Stay in the current state". */
const SAME = -1;

type TestSpec =
  | "eof"
  | "asclet"
  | "alpha"
  | "digit"
  | "alnum"
  | "notalnum"
  | "space"
  | "special"
  | "xdigit"
  | "urlchar"
  | "ignore"
  | "stophost"
  | "host"
  | "urlpath"
  | "any"
  | `=${string}`;
const TEST_IDS: Record<string, number> = {
  eof: EOF,
  asclet: ASCLET_T,
  alpha: ALPHA_T,
  digit: DIGIT_T,
  alnum: ALNUM,
  notalnum: NOT_ALNUM,
  space: SPACE_T,
  special: SPECIAL_T,
  xdigit: XDIGIT_T,
  urlchar: URLCHAR_T,
  ignore: IGNORE,
  stophost: STOP_HOST,
  host: IS_HOST,
  urlpath: IS_URL_PATH,
  any: ANY,
};

/** One rule: test ("=c" is the ASCII character c), action bits, next state (SAME to stay), token type, side effect. */
function rule(
  test: TestSpec,
  act: number,
  to: StateName | typeof SAME,
  type = 0,
  special = NO_SPECIAL,
): Rule {
  const isChar = test.startsWith("=");
  return {
    test: isChar ? EQ : (TEST_IDS[test] as number),
    ch: isChar ? test.charCodeAt(1) : 0,
    act,
    to: to === SAME ? SAME : S[to],
    type,
    special,
  };
}

const T = TokenType;
const GRAMMAR: Record<StateName, Rule[]> = {
  Base: [
    rule("eof", NEXT, SAME),
    rule("=<", PUSH, "TagFirst"),
    rule("ignore", NEXT, "Space"),
    rule("asclet", NEXT, "AsciiWord"),
    rule("alpha", NEXT, "Word"),
    rule("digit", NEXT, "UnsignedInt"),
    rule("=-", PUSH, "SignedIntFirst"),
    rule("=+", PUSH, "SignedIntFirst"),
    rule("=&", PUSH, "EntityFirst"),
    rule("=~", PUSH, "FileTwiddle"),
    rule("=/", PUSH, "FileFirst"),
    rule("=.", PUSH, "PathFirstFirst"),
    rule("any", NEXT, "Space"),
  ],
  NumWord: [
    rule("eof", BINGO, "Base", T.numword),
    rule("alnum", NEXT, "NumWord"),
    rule("special", NEXT, "NumWord"),
    rule("=@", PUSH, "Email"),
    rule("=/", PUSH, "FileFirst"),
    rule("=.", PUSH, "FileNext"),
    rule("=-", PUSH, "HyphenNumWordFirst"),
    rule("any", BINGO, "Base", T.numword),
  ],
  AsciiWord: [
    rule("eof", BINGO, "Base", T.asciiword),
    rule("asclet", NEXT, SAME),
    rule("=.", PUSH, "HostFirstDomain"),
    rule("=.", PUSH, "FileNext"),
    rule("=-", PUSH, "HostFirstAN"),
    rule("=-", PUSH, "HyphenAsciiWordFirst"),
    rule("=_", PUSH, "HostFirstAN"),
    rule("=@", PUSH, "Email"),
    rule("=:", PUSH, "ProtocolFirst"),
    rule("=/", PUSH, "FileFirst"),
    rule("digit", PUSH, "Host"),
    rule("digit", NEXT, "NumWord"),
    rule("alpha", NEXT, "Word"),
    rule("special", NEXT, "Word"),
    rule("any", BINGO, "Base", T.asciiword),
  ],
  Word: [
    rule("eof", BINGO, "Base", T.word),
    rule("alpha", NEXT, SAME),
    rule("special", NEXT, SAME),
    rule("digit", NEXT, "NumWord"),
    rule("=-", PUSH, "HyphenWordFirst"),
    rule("any", BINGO, "Base", T.word),
  ],
  UnsignedInt: [
    rule("eof", BINGO, "Base", T.uint),
    rule("digit", NEXT, SAME),
    rule("=.", PUSH, "HostFirstDomain"),
    rule("=.", PUSH, "UDecimalFirst"),
    rule("=e", PUSH, "MantissaFirst"),
    rule("=E", PUSH, "MantissaFirst"),
    rule("=-", PUSH, "HostFirstAN"),
    rule("=_", PUSH, "HostFirstAN"),
    rule("=@", PUSH, "Email"),
    rule("asclet", PUSH, "Host"),
    rule("alpha", NEXT, "NumWord"),
    rule("special", NEXT, "NumWord"),
    rule("=/", PUSH, "FileFirst"),
    rule("any", BINGO, "Base", T.uint),
  ],
  SignedIntFirst: [rule("eof", POP, SAME), rule("digit", NEXT | CLEAR, "SignedInt"), rule("any", POP, SAME)],
  SignedInt: [
    rule("eof", BINGO, "Base", T.int),
    rule("digit", NEXT, SAME),
    rule("=.", PUSH, "DecimalFirst"),
    rule("=e", PUSH, "MantissaFirst"),
    rule("=E", PUSH, "MantissaFirst"),
    rule("any", BINGO, "Base", T.int),
  ],
  Space: [
    rule("eof", BINGO, "Base", T.blank),
    rule("=<", BINGO, "Base", T.blank),
    rule("ignore", NEXT, SAME),
    rule("=-", BINGO, "Base", T.blank),
    rule("=+", BINGO, "Base", T.blank),
    rule("=&", BINGO, "Base", T.blank),
    rule("=/", BINGO, "Base", T.blank),
    rule("notalnum", NEXT, "Space"),
    rule("any", BINGO, "Base", T.blank),
  ],
  UDecimalFirst: [rule("eof", POP, SAME), rule("digit", CLEAR, "UDecimal"), rule("any", POP, SAME)],
  UDecimal: [
    rule("eof", BINGO, "Base", T.float),
    rule("digit", NEXT, "UDecimal"),
    rule("=.", PUSH, "VersionFirst"),
    rule("=e", PUSH, "MantissaFirst"),
    rule("=E", PUSH, "MantissaFirst"),
    rule("any", BINGO, "Base", T.float),
  ],
  DecimalFirst: [rule("eof", POP, SAME), rule("digit", CLEAR, "Decimal"), rule("any", POP, SAME)],
  Decimal: [
    rule("eof", BINGO, "Base", T.float),
    rule("digit", NEXT, "Decimal"),
    rule("=.", PUSH, "VerVersion"),
    rule("=e", PUSH, "MantissaFirst"),
    rule("=E", PUSH, "MantissaFirst"),
    rule("any", BINGO, "Base", T.float),
  ],
  VerVersion: [
    rule("eof", POP, SAME),
    rule("digit", RERUN, "SVerVersion", 0, VER_VERSION),
    rule("any", POP, SAME),
  ],
  SVerVersion: [
    rule("eof", POP, SAME),
    rule("digit", BINGO | CLRALL, "UnsignedInt", T.blank),
    rule("any", NEXT, SAME),
  ],
  VersionFirst: [rule("eof", POP, SAME), rule("digit", CLEAR, "Version"), rule("any", POP, SAME)],
  Version: [
    rule("eof", BINGO, "Base", T.version),
    rule("digit", NEXT, "Version"),
    rule("=.", PUSH, "VersionFirst"),
    rule("any", BINGO, "Base", T.version),
  ],
  MantissaFirst: [
    rule("eof", POP, SAME),
    rule("digit", CLEAR, "Mantissa"),
    rule("=+", NEXT, "MantissaSign"),
    rule("=-", NEXT, "MantissaSign"),
    rule("any", POP, SAME),
  ],
  MantissaSign: [rule("eof", POP, SAME), rule("digit", CLEAR, "Mantissa"), rule("any", POP, SAME)],
  Mantissa: [
    rule("eof", BINGO, "Base", T.sfloat),
    rule("digit", NEXT, "Mantissa"),
    rule("any", BINGO, "Base", T.sfloat),
  ],
  EntityFirst: [
    rule("eof", POP, SAME),
    rule("=#", NEXT, "EntityNumFirst"),
    rule("asclet", NEXT, "Entity"),
    rule("=:", NEXT, "Entity"),
    rule("=_", NEXT, "Entity"),
    rule("any", POP, SAME),
  ],
  Entity: [
    rule("eof", POP, SAME),
    rule("alnum", NEXT, "Entity"),
    rule("=:", NEXT, "Entity"),
    rule("=_", NEXT, "Entity"),
    rule("=.", NEXT, "Entity"),
    rule("=-", NEXT, "Entity"),
    rule("=;", NEXT, "EntityEnd"),
    rule("any", POP, SAME),
  ],
  EntityNumFirst: [
    rule("eof", POP, SAME),
    rule("=x", NEXT, "EntityHexNumFirst"),
    rule("=X", NEXT, "EntityHexNumFirst"),
    rule("digit", NEXT, "EntityNum"),
    rule("any", POP, SAME),
  ],
  EntityHexNumFirst: [rule("eof", POP, SAME), rule("xdigit", NEXT, "EntityHexNum"), rule("any", POP, SAME)],
  EntityNum: [
    rule("eof", POP, SAME),
    rule("digit", NEXT, "EntityNum"),
    rule("=;", NEXT, "EntityEnd"),
    rule("any", POP, SAME),
  ],
  EntityHexNum: [
    rule("eof", POP, SAME),
    rule("xdigit", NEXT, "EntityHexNum"),
    rule("=;", NEXT, "EntityEnd"),
    rule("any", POP, SAME),
  ],
  EntityEnd: [rule("any", BINGO | CLEAR, "Base", T.entity)],
  TagFirst: [
    rule("eof", POP, SAME),
    rule("=/", PUSH, "TagCloseFirst"),
    rule("=!", PUSH, "CommentFirst"),
    rule("=?", PUSH, "XmlBegin"),
    rule("asclet", PUSH, "TagName"),
    rule("=:", PUSH, "TagName"),
    rule("=_", PUSH, "TagName"),
    rule("any", POP, SAME),
  ],
  XmlBegin: [rule("eof", POP, SAME), rule("=x", NEXT, "Tag"), rule("any", POP, SAME)],
  TagCloseFirst: [rule("eof", POP, SAME), rule("asclet", NEXT, "TagName"), rule("any", POP, SAME)],
  TagName: [
    rule("eof", POP, SAME),
    rule("=/", NEXT, "TagBeginEnd"),
    rule("=>", NEXT, "TagEnd", 0, TAGS),
    rule("space", NEXT, "Tag", 0, TAGS),
    rule("alnum", NEXT, SAME),
    rule("=:", NEXT, SAME),
    rule("=_", NEXT, SAME),
    rule("=.", NEXT, SAME),
    rule("=-", NEXT, SAME),
    rule("any", POP, SAME),
  ],
  TagBeginEnd: [rule("eof", POP, SAME), rule("=>", NEXT, "TagEnd"), rule("any", POP, SAME)],
  Tag: [
    rule("eof", POP, SAME),
    rule("=>", NEXT, "TagEnd", 0, TAGS),
    rule("='", NEXT, "TagEscapeK"),
    rule('="', NEXT, "TagEscapeKK"),
    rule("asclet", NEXT, SAME),
    rule("digit", NEXT, SAME),
    rule("==", NEXT, SAME),
    rule("=-", NEXT, SAME),
    rule("=_", NEXT, SAME),
    rule("=#", NEXT, SAME),
    rule("=/", NEXT, SAME),
    rule("=:", NEXT, SAME),
    rule("=.", NEXT, SAME),
    rule("=&", NEXT, SAME),
    rule("=?", NEXT, SAME),
    rule("=%", NEXT, SAME),
    rule("=~", NEXT, SAME),
    rule("space", NEXT, SAME, 0, TAGS),
    rule("any", POP, SAME),
  ],
  TagEscapeK: [
    rule("eof", POP, SAME),
    rule("=\\", PUSH, "TagBackslashed"),
    rule("='", NEXT, "Tag"),
    rule("any", NEXT, "TagEscapeK"),
  ],
  TagEscapeKK: [
    rule("eof", POP, SAME),
    rule("=\\", PUSH, "TagBackslashed"),
    rule('="', NEXT, "Tag"),
    rule("any", NEXT, "TagEscapeKK"),
  ],
  TagBackslashed: [rule("eof", POP, SAME), rule("any", MERGE, SAME)],
  TagEnd: [rule("any", BINGO | CLRALL, "Base", T.tag)],
  CommentFirst: [
    rule("eof", POP, SAME),
    rule("=-", NEXT, "CommentLast"),
    rule("=D", NEXT, "Tag"),
    rule("=d", NEXT, "Tag"),
    rule("any", POP, SAME),
  ],
  CommentLast: [rule("eof", POP, SAME), rule("=-", NEXT, "Comment"), rule("any", POP, SAME)],
  Comment: [rule("eof", POP, SAME), rule("=-", NEXT, "CloseCommentFirst"), rule("any", NEXT, SAME)],
  CloseCommentFirst: [
    rule("eof", POP, SAME),
    rule("=-", NEXT, "CloseCommentLast"),
    rule("any", NEXT, "Comment"),
  ],
  CloseCommentLast: [
    rule("eof", POP, SAME),
    rule("=-", NEXT, SAME),
    rule("=>", NEXT, "CommentEnd"),
    rule("any", NEXT, "Comment"),
  ],
  CommentEnd: [rule("any", BINGO | CLRALL, "Base", T.tag)],
  HostFirstDomain: [
    rule("eof", POP, SAME),
    rule("asclet", NEXT, "HostDomainSecond"),
    rule("digit", NEXT, "Host"),
    rule("any", POP, SAME),
  ],
  HostDomainSecond: [
    rule("eof", POP, SAME),
    rule("asclet", NEXT, "HostDomain"),
    rule("digit", PUSH, "Host"),
    rule("=-", PUSH, "HostFirstAN"),
    rule("=_", PUSH, "HostFirstAN"),
    rule("=.", PUSH, "HostFirstDomain"),
    rule("=@", PUSH, "Email"),
    rule("any", POP, SAME),
  ],
  HostDomain: [
    rule("eof", BINGO | CLRALL, "Base", T.host),
    rule("asclet", NEXT, "HostDomain"),
    rule("digit", PUSH, "Host"),
    rule("=:", PUSH, "PortFirst"),
    rule("=-", PUSH, "HostFirstAN"),
    rule("=_", PUSH, "HostFirstAN"),
    rule("=.", PUSH, "HostFirstDomain"),
    rule("=@", PUSH, "Email"),
    rule("digit", POP, SAME),
    rule("stophost", BINGO | CLRALL, "UrlPathStart", T.host),
    rule("=/", PUSH, "FUrl"),
    rule("any", BINGO | CLRALL, "Base", T.host),
  ],
  PortFirst: [rule("eof", POP, SAME), rule("digit", NEXT, "Port"), rule("any", POP, SAME)],
  Port: [
    rule("eof", BINGO | CLRALL, "Base", T.host),
    rule("digit", NEXT, "Port"),
    rule("stophost", BINGO | CLRALL, "UrlPathStart", T.host),
    rule("=/", PUSH, "FUrl"),
    rule("any", BINGO | CLRALL, "Base", T.host),
  ],
  HostFirstAN: [
    rule("eof", POP, SAME),
    rule("digit", NEXT, "Host"),
    rule("asclet", NEXT, "Host"),
    rule("any", POP, SAME),
  ],
  Host: [
    rule("eof", POP, SAME),
    rule("digit", NEXT, "Host"),
    rule("asclet", NEXT, "Host"),
    rule("=@", PUSH, "Email"),
    rule("=.", PUSH, "HostFirstDomain"),
    rule("=-", PUSH, "HostFirstAN"),
    rule("=_", PUSH, "HostFirstAN"),
    rule("any", POP, SAME),
  ],
  Email: [rule("stophost", POP, SAME), rule("host", BINGO | CLRALL, "Base", T.email), rule("any", POP, SAME)],
  FileFirst: [
    rule("eof", POP, SAME),
    rule("asclet", NEXT, "File"),
    rule("digit", NEXT, "File"),
    rule("=.", NEXT, "PathFirst"),
    rule("=_", NEXT, "File"),
    rule("=~", PUSH, "FileTwiddle"),
    rule("any", POP, SAME),
  ],
  FileTwiddle: [
    rule("eof", POP, SAME),
    rule("asclet", NEXT, "File"),
    rule("digit", NEXT, "File"),
    rule("=_", NEXT, "File"),
    rule("=/", NEXT, "FileFirst"),
    rule("any", POP, SAME),
  ],
  PathFirst: [
    rule("eof", POP, SAME),
    rule("asclet", NEXT, "File"),
    rule("digit", NEXT, "File"),
    rule("=_", NEXT, "File"),
    rule("=.", NEXT, "PathSecond"),
    rule("=/", NEXT, "FileFirst"),
    rule("any", POP, SAME),
  ],
  PathFirstFirst: [
    rule("eof", POP, SAME),
    rule("=.", NEXT, "PathSecond"),
    rule("=/", NEXT, "FileFirst"),
    rule("any", POP, SAME),
  ],
  PathSecond: [
    rule("eof", BINGO | CLEAR, "Base", T.file),
    rule("=/", NEXT | PUSH, "FileFirst"),
    rule("=/", BINGO | CLEAR, "Base", T.file),
    rule("space", BINGO | CLEAR, "Base", T.file),
    rule("any", POP, SAME),
  ],
  File: [
    rule("eof", BINGO, "Base", T.file),
    rule("asclet", NEXT, "File"),
    rule("digit", NEXT, "File"),
    rule("=.", PUSH, "FileNext"),
    rule("=_", NEXT, "File"),
    rule("=-", NEXT, "File"),
    rule("=/", PUSH, "FileFirst"),
    rule("any", BINGO, "Base", T.file),
  ],
  FileNext: [
    rule("eof", POP, SAME),
    rule("asclet", CLEAR, "File"),
    rule("digit", CLEAR, "File"),
    rule("=_", CLEAR, "File"),
    rule("any", POP, SAME),
  ],
  UrlPathFirst: [rule("eof", POP, SAME), rule("urlchar", NEXT, "UrlPath"), rule("any", POP, SAME)],
  UrlPathStart: [rule("any", NEXT, "UrlPath")],
  UrlPath: [
    rule("eof", BINGO, "Base", T.url_path),
    rule("urlchar", NEXT, "UrlPath"),
    rule("any", BINGO, "Base", T.url_path),
  ],
  FUrl: [
    rule("eof", POP, SAME),
    rule("urlpath", BINGO | CLRALL, "Base", T.url, FURL),
    rule("any", POP, SAME),
  ],
  ProtocolFirst: [rule("eof", POP, SAME), rule("=/", NEXT, "ProtocolSecond"), rule("any", POP, SAME)],
  ProtocolSecond: [rule("eof", POP, SAME), rule("=/", NEXT, "ProtocolEnd"), rule("any", POP, SAME)],
  ProtocolEnd: [rule("any", BINGO | CLRALL, "Base", T.protocol)],
  HyphenAsciiWordFirst: [
    rule("eof", POP, SAME),
    rule("asclet", NEXT, "HyphenAsciiWord"),
    rule("alpha", NEXT, "HyphenWord"),
    rule("digit", NEXT, "HyphenDigitLookahead"),
    rule("any", POP, SAME),
  ],
  HyphenAsciiWord: [
    rule("eof", BINGO | CLRALL, "ParseHyphen", T.asciihword, HYPHEN),
    rule("asclet", NEXT, "HyphenAsciiWord"),
    rule("alpha", NEXT, "HyphenWord"),
    rule("special", NEXT, "HyphenWord"),
    rule("digit", NEXT, "HyphenNumWord"),
    rule("=-", PUSH, "HyphenAsciiWordFirst"),
    rule("any", BINGO | CLRALL, "ParseHyphen", T.asciihword, HYPHEN),
  ],
  HyphenWordFirst: [
    rule("eof", POP, SAME),
    rule("alpha", NEXT, "HyphenWord"),
    rule("digit", NEXT, "HyphenDigitLookahead"),
    rule("any", POP, SAME),
  ],
  HyphenWord: [
    rule("eof", BINGO | CLRALL, "ParseHyphen", T.hword, HYPHEN),
    rule("alpha", NEXT, "HyphenWord"),
    rule("special", NEXT, "HyphenWord"),
    rule("digit", NEXT, "HyphenNumWord"),
    rule("=-", PUSH, "HyphenWordFirst"),
    rule("any", BINGO | CLRALL, "ParseHyphen", T.hword, HYPHEN),
  ],
  HyphenNumWordFirst: [
    rule("eof", POP, SAME),
    rule("alpha", NEXT, "HyphenNumWord"),
    rule("digit", NEXT, "HyphenDigitLookahead"),
    rule("any", POP, SAME),
  ],
  HyphenNumWord: [
    rule("eof", BINGO | CLRALL, "ParseHyphen", T.numhword, HYPHEN),
    rule("alnum", NEXT, "HyphenNumWord"),
    rule("special", NEXT, "HyphenNumWord"),
    rule("=-", PUSH, "HyphenNumWordFirst"),
    rule("any", BINGO | CLRALL, "ParseHyphen", T.numhword, HYPHEN),
  ],
  HyphenDigitLookahead: [
    rule("eof", POP, SAME),
    rule("digit", NEXT, "HyphenDigitLookahead"),
    rule("alpha", NEXT, "HyphenNumWord"),
    rule("special", NEXT, "HyphenNumWord"),
    rule("any", POP, SAME),
  ],
  ParseHyphen: [
    rule("eof", RERUN, "Base"),
    rule("asclet", NEXT, "HyphenAsciiWordPart"),
    rule("alpha", NEXT, "HyphenWordPart"),
    rule("digit", PUSH, "HyphenUnsignedInt"),
    rule("=-", PUSH, "ParseHyphenHyphen"),
    rule("any", RERUN, "Base"),
  ],
  ParseHyphenHyphen: [
    rule("eof", POP, SAME),
    rule("alnum", BINGO | CLEAR, "ParseHyphen", T.blank),
    rule("special", BINGO | CLEAR, "ParseHyphen", T.blank),
    rule("any", POP, SAME),
  ],
  HyphenWordPart: [
    rule("eof", BINGO, "Base", T.hword_part),
    rule("alpha", NEXT, "HyphenWordPart"),
    rule("special", NEXT, "HyphenWordPart"),
    rule("digit", NEXT, "HyphenNumWordPart"),
    rule("any", BINGO, "ParseHyphen", T.hword_part),
  ],
  HyphenAsciiWordPart: [
    rule("eof", BINGO, "Base", T.hword_asciipart),
    rule("asclet", NEXT, "HyphenAsciiWordPart"),
    rule("alpha", NEXT, "HyphenWordPart"),
    rule("special", NEXT, "HyphenWordPart"),
    rule("digit", NEXT, "HyphenNumWordPart"),
    rule("any", BINGO, "ParseHyphen", T.hword_asciipart),
  ],
  HyphenNumWordPart: [
    rule("eof", BINGO, "Base", T.hword_numpart),
    rule("alnum", NEXT, "HyphenNumWordPart"),
    rule("special", NEXT, "HyphenNumWordPart"),
    rule("any", BINGO, "ParseHyphen", T.hword_numpart),
  ],
  HyphenUnsignedInt: [
    rule("eof", POP, SAME),
    rule("digit", NEXT, SAME),
    rule("alpha", CLEAR, "HyphenNumWordPart"),
    rule("special", CLEAR, "HyphenNumWordPart"),
    rule("any", POP, SAME),
  ],
};

const STATES: Rule[][] = STATE_NAMES.map((name) => GRAMMAR[name]);

/** A saved parse position (PostgreSQL's TParserPosition). */
type Frame = {
  pos: number;
  /** Characters of the token so far. */
  len: number;
  state: number;
  prev: Frame | null;
  /** Index of the rule that pushed this frame's successor, -1 when none: after a POP, testing resumes after it. */
  pushedAt: number;
};

/** The input as the parser reads it: code points and their classes (shared by a parser and its sub-parsers). */
type ParserInput = {
  cps: Int32Array;
  cls: Uint8Array;
  end: number;
  /** For each position, where its run of host characters (ASCII letters, digits, "-", "_") ends; made on demand. */
  hostRunEnd?: Int32Array;
};

/**
 * Whether a host attempt pushed at `pos` must fail: the Host states only walk over ASCII letters, digits, "-" and
 * "_", and need a "." or "@" to end anything but a POP. Without one after the run, PostgreSQL walks the run and
 * pops all the way back (quadratic on "a_a_a_..."); skipping the rule leads to the same next rule, in linear time.
 */
function hostAttemptFails(input: ParserInput, pos: number): boolean {
  if (!input.hostRunEnd) {
    const runEnd = new Int32Array(input.end + 1);
    runEnd[input.end] = input.end;
    for (let i = input.end - 1; i >= 0; i -= 1) {
      const cp = input.cps[i] as number;
      const bits = input.cls[i] as number;
      const hostChar = (bits & (ASCLET | DIGIT)) !== 0 || cp === 45 || cp === 95;
      runEnd[i] = hostChar ? (runEnd[i + 1] as number) : i;
    }
    input.hostRunEnd = runEnd;
  }
  const end = input.hostRunEnd[pos] as number;
  const next = end < input.end ? (input.cps[end] as number) : -1;
  return next !== 46 && next !== 64;
}

type Parser = {
  input: ParserInput;
  frame: Frame;
  /** Inside <script> or <style>: everything up to the next tag is blank. */
  ignore: boolean;
  /** Set when a URL was found: its host and path are emitted next, alone. */
  wantHost: boolean;
  tokenStart: number;
  tokenLength: number;
  type: number;
};

/** Code points and classes of a text; surrogate pairs become one character, as in PostgreSQL's UTF-8. */
export function parserInput(text: string): ParserInput {
  const table = charClasses();
  const n = text.length;
  const cps = new Int32Array(n);
  const cls = new Uint8Array(n);
  let count = 0;
  for (let i = 0; i < n; i += 1) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp < 0xdc00 && i + 1 < n) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low < 0xe000) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        i += 1;
      }
    }
    cps[count] = cp;
    cls[count] = table[cp] ?? 0;
    count += 1;
  }
  return { cps, cls, end: count };
}

function newParser(input: ParserInput, start: number): Parser {
  return {
    input,
    frame: { pos: start, len: 0, state: S.Base, prev: null, pushedAt: -1 },
    ignore: false,
    wantHost: false,
    tokenStart: start,
    tokenLength: 0,
    type: 0,
  };
}

const TAG_NAMES: Array<[string, boolean]> = [
  ["</script", false],
  ["</style", false],
  ["<script", true],
  ["<style", true],
];

/** After a tag name: <script and <style start ignoring text, </script and </style stop. */
function specialTags(parser: Parser): void {
  const { cps } = parser.input;
  const length = parser.frame.len;
  for (const [name, ignore] of TAG_NAMES) {
    if (name.length !== length) continue;
    let same = true;
    for (let i = 0; i < length; i += 1) {
      const cp = cps[parser.tokenStart + i] ?? 0;
      const lower = cp >= 65 && cp <= 90 ? cp + 32 : cp;
      if (lower !== name.charCodeAt(i)) {
        same = false;
        break;
      }
    }
    if (same) {
      parser.ignore = ignore;
      return;
    }
  }
}

/** Runs a sub-parser at the current position: does a host (or, for URLs, a path) start here? */
function subToken(parser: Parser, wanted: number): boolean {
  const frame = parser.frame;
  const sub = newParser(parser.input, frame.pos);
  if (wanted === TokenType.host) sub.wantHost = true;
  else sub.frame = { pos: frame.pos, len: 0, state: S.UrlPathFirst, prev: sub.frame, pushedAt: -1 };
  if (!nextToken(sub) || sub.type !== wanted) return false;
  frame.pos += sub.tokenLength;
  frame.len += sub.tokenLength;
  return true;
}

function passes(parser: Parser, item: Rule, pos: number, atEnd: boolean): boolean {
  const bits = atEnd ? 0 : (parser.input.cls[pos] as number);
  switch (item.test) {
    case EOF:
      return atEnd;
    case EQ:
      return !atEnd && parser.input.cps[pos] === item.ch;
    case ASCLET_T:
      return (bits & ASCLET) !== 0;
    case ALPHA_T:
      return (bits & ALPHA) !== 0;
    case DIGIT_T:
      return (bits & DIGIT) !== 0;
    case ALNUM:
      return (bits & (ALPHA | DIGIT)) !== 0;
    case NOT_ALNUM:
      return (bits & (ALPHA | DIGIT)) === 0;
    case SPACE_T:
      return (bits & SPACE) !== 0;
    case SPECIAL_T:
      // At the end PostgreSQL reads the terminating zero, whose display width is 0: "special".
      return atEnd || (bits & SPECIAL) !== 0;
    case XDIGIT_T:
      return (bits & XDIGIT) !== 0;
    case URLCHAR_T:
      return (bits & URLCHAR) !== 0 && (bits & ASCII) !== 0;
    case IGNORE:
      return parser.ignore;
    case STOP_HOST:
      if (!parser.wantHost) return false;
      parser.wantHost = false;
      return true;
    case IS_HOST:
      return subToken(parser, TokenType.host);
    case IS_URL_PATH:
      return subToken(parser, TokenType.url_path);
    default:
      return true;
  }
}

/** ASCII characters some rule of the word or blank states tests literally: they need the full machine. */
const LITERAL = new Uint8Array(128);
for (const ch of "<-+&~/.@:_") LITERAL[ch.charCodeAt(0)] = 1;

/**
 * The two tokens most text is made of, without the rule tables: a run of ASCII letters ended by a character no
 * rule of the AsciiWord state looks at (asciiword), and a run of non-alphanumerics no Base or Space rule looks at
 * (blank). Both give what the machine would; anything else returns false and the machine runs.
 */
function fastToken(parser: Parser): boolean {
  const frame = parser.frame;
  if (frame.state !== S.Base || frame.prev !== null || parser.ignore || parser.wantHost) return false;
  const { cps, cls, end } = parser.input;
  const start = frame.pos;
  const first = cls[start] as number;
  let at = start + 1;
  let type: number;
  if (first & ASCLET) {
    while (at < end && (cls[at] as number) & ASCLET) at += 1;
    if (at < end) {
      const bits = cls[at] as number;
      if (bits & (ALPHA | DIGIT | SPECIAL)) return false;
      const cp = cps[at] as number;
      if (cp < 128 && LITERAL[cp]) return false;
    }
    type = TokenType.asciiword;
  } else if (!(first & (ALPHA | DIGIT)) && !((cps[start] as number) < 128 && LITERAL[cps[start] as number])) {
    for (; at < end; at += 1) {
      if ((cls[at] as number) & (ALPHA | DIGIT)) break;
      const cp = cps[at] as number;
      // Inside a blank only these end it ("~", ".", "@", ":" and "_" do not).
      if (cp === 60 || cp === 45 || cp === 43 || cp === 38 || cp === 47) break;
    }
    type = TokenType.blank;
  } else return false;
  parser.tokenStart = start;
  parser.tokenLength = at - start;
  parser.type = type;
  frame.pos = at;
  frame.len = 0;
  frame.pushedAt = -1;
  return true;
}

/** Finds the next token (PostgreSQL's TParserGet); false at the end of the text. */
function nextToken(parser: Parser): boolean {
  const end = parser.input.end;
  if (parser.frame.pos >= end) return false;
  if (fastToken(parser)) return true;
  parser.tokenStart = parser.frame.pos;
  parser.frame.pushedAt = -1;
  let item: Rule | undefined;
  while (parser.frame.pos <= end) {
    let frame = parser.frame;
    const rules = STATES[frame.state] as Rule[];
    let index = frame.pushedAt >= 0 ? frame.pushedAt + 1 : 0;
    frame.pushedAt = -1;
    const pos = frame.pos;
    const atEnd = pos >= end;
    for (;;) {
      item = rules[index] as Rule;
      if (item.test === ANY || passes(parser, item, pos, atEnd)) {
        const hostPush = item.act & PUSH && (item.to === S.Host || item.to === S.HostFirstAN);
        if (!hostPush || !hostAttemptFails(parser.input, pos)) break;
      }
      index += 1;
    }
    // A sub-parser may have moved the frame (host, URL path): read it again.
    frame = parser.frame;
    switch (item.special) {
      case TAGS:
        specialTags(parser);
        break;
      case FURL:
        parser.wantHost = true;
        frame.pos -= frame.len;
        break;
      case HYPHEN:
        frame.pos -= frame.len;
        break;
      case VER_VERSION:
        frame.pos -= frame.len;
        frame.len = 0;
        break;
    }
    const act = item.act;
    if (act & BINGO) {
      parser.tokenLength = frame.len;
      frame.len = 0;
      parser.type = item.type;
    }
    if (act & POP) {
      parser.frame = frame.prev as Frame;
    } else if (act & PUSH) {
      frame.pushedAt = index;
      parser.frame = { pos: frame.pos, len: frame.len, state: frame.state, prev: frame, pushedAt: -1 };
    } else if (act & CLEAR) {
      frame.prev = frame.prev?.prev ?? null;
    } else if (act & CLRALL) {
      frame.prev = null;
    } else if (act & MERGE) {
      const prev = frame.prev as Frame;
      prev.pos = frame.pos;
      prev.len = frame.len;
      parser.frame = prev;
    }
    if (item.to !== SAME) parser.frame.state = item.to;
    if (act & BINGO || (parser.frame.pos >= end && (act & RERUN) === 0)) break;
    if (act & (RERUN | POP)) continue;
    if (parser.frame.pos < end) {
      parser.frame.pos += 1;
      parser.frame.len += 1;
    }
  }
  return item !== undefined && (item.act & BINGO) !== 0;
}

/**
 * Calls `onToken` for each token of the text, in order, with its type and its place in code points (start, length).
 * The same tokens as `select * from ts_parse('default', text)`, blanks included.
 */
export function parseTokens(
  input: ParserInput,
  onToken: (type: number, start: number, length: number) => void,
): void {
  const parser = newParser(input, 0);
  while (nextToken(parser)) onToken(parser.type, parser.tokenStart, parser.tokenLength);
}
