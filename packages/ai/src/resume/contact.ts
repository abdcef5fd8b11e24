import type { CountryCode, PhoneNumber } from 'libphonenumber-js/max';
import { fold } from './names';
import { headingKind, isTitleLike, labelField, NEVER_NAME, POST_NOMINALS, type LABELS } from './vocabulary';

// Every pattern here runs on lines of at most a few hundred characters, each linear.
export const EMAIL = /(?<![\w%+.-])[\w%+.-]+@[A-Za-z\d-]+(?:\.[A-Za-z\d-]+)*\.[A-Za-z]{2,}/;
// +44 20 7946 0958, (212) 555-0199, +33 1 55 55 01 88, 617-555-0104, 0171 9876543, +55 11 98765-4321
const PHONE = /(?<![\w@.+/])(?:\+\d{1,3}[ .-]?|\(\+\d{1,3}\)\s?)?(?:\(\d{1,4}\)[ .-]?)?\d{1,8}(?:[ .-]\d{1,8}){0,5}(?![\w@]|[./]\d)/g;
// Addresses written to dodge scrapers. Each pattern is a fixed token between word characters
// (no nested quantifiers): linear.
/** "[at]", "(at)", "{at}", "<at>", "[arroba]", "(@)" with optional spaces: an "@" */
const BRACKET_AT = /\s?[[({<]\s?(?:at|arroba|@)\s?[\])}>]\s?/giu;
/** "[dot]", "(dot)", "[punto]", "(point)", "[punkt]": a "." */
const BRACKET_DOT = /\s?[[({<]\s?(?:dot|punto|point|punkt)\s?[\])}>]\s?/giu;
/** "jane dot doe at gmail dot com", "jane.doe AT gmail DOT com": "at" only before "domain dot" */
const WORD_AT = /(?<=[\w.]) (?:at|AT) (?=[\w-]+ (?:dot|DOT) \w)/g;
const WORD_DOT = /(?<=\w) (?:dot|DOT) (?=\w)/g;
/** "jane.doe@gmail .com", "jane @ gmail.com": spaces around the "@" or before a "." */
const SPACED_AT = /(?<=\w) ?@ ?(?=\w)/g;
const SPACED_DOT = /(?<=\w) \.(?=[A-Za-z]{2,})/g;

/** The first e-mail address in the text; a table cell glued to it ("x@y.comMobile") cut off. */
export function emailIn(text: string): string | undefined {
  const found = EMAIL.exec(text)?.[0];
  if (!found) return undefined;
  const dot = found.lastIndexOf('.');
  const glued = found.slice(dot + 1).search(/(?<=\p{Ll})\p{Lu}/u);
  return glued >= 2 ? found.slice(0, dot + 1 + glued) : found;
}

/**
 * The line with an e-mail address written to dodge scrapers made plain ("jane.doe [at] gmail
 * [dot] com" → "jane.doe@gmail.com"). Only when that makes an address appear; otherwise (or
 * when the line already holds one) the line is returned as it was.
 */
export function revealEmail(line: string): string {
  if (EMAIL.test(line) || !/@|\bat\b|\bAT\b|arroba/u.test(line)) return line;
  const plain = line
    .replace(BRACKET_AT, '@')
    .replace(BRACKET_DOT, '.')
    .replace(WORD_AT, '@')
    .replace(WORD_DOT, '.')
    .replace(SPACED_AT, '@');
  const revealed = EMAIL.test(plain) ? plain : plain.replace(SPACED_DOT, '.');
  return EMAIL.test(revealed) ? revealed : line;
}

export const LINKEDIN = /(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/in\/[\w%-]+\/?/i;

/** "Mobile: x", "Tel.: x", "E x", "Adresse : x", "Name\tx": the label and its value, when the label is known. */
export function labelled(line: string): { field: keyof typeof LABELS; value: string } | null {
  // the label ends at the first ":", tab, " | " or double space within its first 34 characters
  const head = line.slice(0, 36);
  let end = -1;
  let skip = 0;
  for (let i = 1; i < head.length; i++) {
    const c = head[i]!;
    if (c === ':' || c === '：' || c === '\t') [end, skip] = [i, 1];
    else if ((c === '.' && head[i + 1] === '.') || c === '…') {
      // a dot leader, as in a form: "NAME ........ Ada Obi", "Phone…… +44 …"
      let j = i;
      while (j < line.length && (line[j] === '.' || line[j] === '…' || line[j] === ' ')) j++;
      [end, skip] = [i, j - i];
    } else if (c === ' ' && (head[i + 1] === ' ' || (head[i + 1] === '|' && head[i + 2] === ' ')))
      [end, skip] = [i, head[i + 1] === '|' ? 3 : 2];
    if (end >= 0) break;
  }
  if (end > 0) {
    const label = line.slice(0, end).trim().replace(/\.$/, '');
    const value = line.slice(end + skip).trim();
    const field = /^\p{L}[\p{L} .-]*$/u.test(label) ? labelField(label) : null;
    if (field && value) return { field, value };
  }
  // "Phone +353 21 …", "Mobile +41 79 …", "Cell +55 …", "M: …" without a colon
  const bare = /^([\p{L}][\p{L}.]{0,14})\.?\s+(?=[+(\d])/u.exec(line);
  if (bare) {
    const field = labelField(bare[1]!.replace(/\.$/, ''));
    if (field === 'mobile' || field === 'phone') return { field, value: line.slice(bare[0].length).trim() };
  }
  // "Address Wilton, Cork", "Email x@y.z": a word that only ever labels
  const word = /^(\p{L}+)\s+(\S.*)$/u.exec(line);
  if (word && BARE_LABELS.has(fold(word[1]!))) return { field: labelField(word[1]!)!, value: word[2]!.trim() };
  return null;
}

export interface PhoneFound {
  number: string;
  kind: 'mobile' | 'phone';
  labelled: boolean;
  /** unlabelled, and the numbering plan cannot tell office from mobile (outside North America) */
  ambiguous?: boolean;
}

type ParsePhone = (text: string, country?: CountryCode) => PhoneNumber | undefined;
let parsePhone: ParsePhone | null = null;
let phoneLoading: Promise<void> | null = null;

/** Loads the numbering plans (libphonenumber-js, once); until then labels alone sort the numbers. */
export function loadPhonePlans(): Promise<void> {
  phoneLoading ??= import('libphonenumber-js/max').then((m) => {
    parsePhone = m.parsePhoneNumberFromString;
  });
  return phoneLoading;
}
const parsePhoneNumberFromString: ParsePhone = (text, country) => parsePhone?.(text, country);

const BARE_LABELS = new Set([
  'address',
  'adresse',
  'location',
  'wohnort',
  'woonplaats',
  'residenza',
  'morada',
  'email',
  'e-mail',
  'courriel',
]);

/** Two-letter domains used as generic ones ("startup.io", "name.me"): no country. */
const GENERIC_TLDS = new Set([
  'IO',
  'CO',
  'ME',
  'TV',
  'AI',
  'LY',
  'FM',
  'GG',
  'SO',
  'TO',
  'CC',
  'WS',
  'EU',
  'AC',
  'SH',
  'VC',
  'GD',
  'IM',
  'LA',
]);

const COUNTRY_HINTS: Array<[RegExp, CountryCode]> = [
  [/\b(?:UK|United Kingdom|England|London|Scotland|Wales)\b/, 'GB'],
  [/\b(?:Deutschland|Germany|Lebenslauf|Berufserfahrung|Telefon|Handy)\b/, 'DE'],
  [/\b(?:France|Portable|Parcours|Coordonn|Expériences?\b|Formation\b)/, 'FR'],
  [/\b(?:Nederland|Netherlands|Werkervaring|Mobiel|Woonplaats)\b/, 'NL'],
  [/\b(?:España|Spain|Experiencia|Teléfono)\b/, 'ES'],
  [/\b(?:Italia|Italy|Esperienza|Cellulare)\b/, 'IT'],
  [/\b(?:Portugal|Telemóvel|Morada)\b/, 'PT'],
  [/\b(?:Polska|Poland|Doświadczenie)\b/, 'PL'],
  [/\b(?:Schweiz|Switzerland|Suisse|Zürich)\b/, 'CH'],
  [/\b(?:Österreich|Austria|Wien)\b/, 'AT'],
  [/\b(?:België|Belgium|Belgique|GSM)\b/, 'BE'],
  [
    /\b(?:Ireland|Dublin)\b|\bCo\. (?:Antrim|Armagh|Carlow|Cavan|Clare|Cork|Derry|Donegal|Down|Dublin|Fermanagh|Galway|Kerry|Kildare|Kilkenny|Laois|Leitrim|Limerick|Longford|Louth|Mayo|Meath|Monaghan|Offaly|Roscommon|Sligo|Tipperary|Tyrone|Waterford|Westmeath|Wexford|Wicklow)\b/,
    'IE',
  ],
  [/\b(?:Australia|NSW|Sydney|Melbourne)\b/, 'AU'],
  [/\b(?:India|Bengaluru|Mumbai)\b/, 'IN'],
  [/,\s?(?:[A-Z]{2})\b|\bUSA\b|United States/, 'US'],
];

/** The country a national number ("0171 9876543") belongs to: from the text's own clues. */
export function countryHint(text: string): CountryCode | undefined {
  const head = text.slice(0, 4000);
  // the e-mail's country domain ("@eircom.ie", "@t-online.de", "@btinternet.co.uk")
  const tld = /@[\w.-]+\.([a-z]{2})\b/i.exec(head)?.[1]?.toUpperCase();
  if (tld && !GENERIC_TLDS.has(tld)) return (tld === 'UK' ? 'GB' : tld) as CountryCode;
  for (const [re, country] of COUNTRY_HINTS) if (re.test(head)) return country;
  return undefined;
}

const EXTENSION = /^,?\s?(?:ext|extn|extension|x|durchwahl|dw|poste|int)\.?:?\s?(\d{1,6})(?!\d)/i;
const MOBILE_MARK = /\((?:mobile|cell|mobil|handy|portable|m)\)/i;

/** Phone numbers on the contact lines, sorted into mobile and office by label, then by the numbering plan. */
export function findPhones(lines: readonly string[], country: CountryCode | undefined): PhoneFound[] {
  const out: PhoneFound[] = [];
  /** numbers under a generic label ("Tel", "Phone") that the numbering plan says are mobiles */
  const genericMobiles = new Set<PhoneFound>();
  for (const line of lines) {
    // segments: "Office: (212) 555-0166 | Mobile: (917) 555-0133"; table cells "Mobil\t0171 …", "…\tCel. +52 …"
    let cellLabel: 'mobile' | 'phone' | null = null;
    // "T: +44 … M: +44 …" (the spaces between them collapsed): a second label starts a segment
    for (const segment of line.split(/\s[|·•]\s|\s{3,}|\s[–—]\s|\t|\s(?=\p{L}{1,8}\.?:\s?[+(\d])/u)) {
      const bareLabel = /^[\p{L}][\p{L} .-]{0,24}$/u.test(segment.trim()) ? labelField(segment.trim().replace(/[.:]$/, '')) : null;
      if (bareLabel === 'mobile' || bareLabel === 'phone') {
        cellLabel = bareLabel;
        continue;
      }
      const label = labelled(segment.trim());
      const labelKind = label?.field === 'mobile' ? 'mobile' : label?.field === 'phone' ? 'phone' : cellLabel;
      const generic = labelKind === 'phone' && isGenericPhoneLabel(cellLabel ? 'tel' : segment);
      cellLabel = null;
      if (label && !labelKind && label.field !== 'name') {
        if (label.field !== 'email' && label.field !== 'title') continue; // an address or a salary is not a phone
      }
      for (const m of segment.matchAll(PHONE)) {
        // "(+84) 90 123 4567": the country code in brackets
        const raw = m[0].trim().replace(/^\((\+\d{1,3})\)\s?/, '$1 ');
        const digits = raw.replace(/\D/g, '');
        if (digits.length < 7 || digits.length > 15) continue;
        // a year, a span of years or a date ("12-03-1984" is a date of birth, not a number)
        if (/^(?:19|20)\d\d(?:[ .-]+(?:19|20)\d\d)?$/.test(raw) || /^\d{1,2}([./-])\d{1,2}\1(?:19|20)?\d\d$/.test(raw)) continue;
        // a national number: the text's country first, then the common plans (a French CV from Québec)
        const tries: Array<CountryCode | undefined> = raw.startsWith('+') ? [undefined] : [country, 'US', 'GB', 'DE', 'FR'];
        const parsed =
          tries.map((c) => parsePhoneNumberFromString(raw, c)).find((p) => p?.isValid()) ?? parsePhoneNumberFromString(raw, tries[0]);
        // an unlabelled run of digits must be a real number somewhere; a labelled one is trusted
        // without the plans loaded, a number of 9 to 15 digits is taken as possible
        const possible = parsePhone ? tries.some((c) => parsePhoneNumberFromString(raw, c)?.isPossible()) : digits.length >= 9;
        if (!labelKind && !possible) continue;
        if (!labelKind && !raw.startsWith('+') && !raw.startsWith('(') && !raw.startsWith('0') && !/[\s.-]/.test(raw)) continue;
        const after = segment.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 16);
        const kind =
          labelKind ?? (MOBILE_MARK.test(after) ? 'mobile' : parsed?.isValid() && parsed.getType() === 'MOBILE' ? 'mobile' : 'phone');
        if (out.some((p) => p.number.replace(/\D/g, '') === digits)) continue;
        const isLabelled = Boolean(labelKind) || MOBILE_MARK.test(after);
        const type = parsed?.isValid() ? parsed.getType() : undefined;
        const ambiguous = !isLabelled && parsed?.countryCallingCode !== '1' && (type === undefined || type === 'FIXED_LINE_OR_MOBILE');
        // "(734) 555-0132 ext. 12", "x 12", "Durchwahl 12", "poste 12": the extension is part of the number
        const ext = EXTENSION.exec(after);
        const number = ext ? `${raw} ext. ${ext[1]}` : raw;
        const found: PhoneFound = { number, kind, labelled: isLabelled, ...(ambiguous ? { ambiguous } : {}) };
        out.push(found);
        if (generic && parsed?.isValid() && parsed.getType() === 'MOBILE') genericMobiles.add(found);
      }
    }
  }
  // "Tel: +254 722 …" names a telephone, not an office line: a mobile number under it, with no
  // number labelled mobile elsewhere, is the mobile
  if (!out.some((p) => p.kind === 'mobile')) for (const p of genericMobiles) p.kind = 'mobile';
  return out;
}

/** "Phone", "Tel.", "Telefon": a label that says telephone, not office or landline. */
const GENERIC_PHONE = new Set([
  'phone',
  'telephone',
  'tel',
  'telefon',
  'telefono',
  'telefoon',
  'telefone',
  'ph',
  'phone number',
  'fon',
  't',
  'p',
]);
function isGenericPhoneLabel(segment: string): boolean {
  const at = segment.search(/[+(\d]/);
  const label = (at < 0 ? segment : segment.slice(0, at)).replace(/[:.]/g, ' ').trim();
  return label.length > 0 && label.length <= 20 && GENERIC_PHONE.has(fold(label));
}

const US_STATE = /^[A-Z]{2}$/;
const POSTCODE_PREFIX = /^(?:[A-Z]{1,2}-)?\d{4,5}(?:-\d{3})?\s+/;
// applied to text whose spaces are collapsed: one space before a postcode
const UK_POSTCODE = /\s[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}$/;
const ZIP_SUFFIX = /\s\d{5,6}(?:-\d{4})?$/;
/** "Sydney NSW 2000", "Carlton VIC 3053": a state and its four-digit postcode; the state stays */
const STATE_POSTCODE = /(\s[A-Z]{2,3})\s\d{4}$/;

/** The city (and region) of an address or a location value: "Leopoldstraße 112, 80802 München" → "München". */
export function cityOf(value: string): string | null {
  // a remark in brackets is not the place: "Lagos, Nigeria (open to relocate: London)"
  const parts = value
    .replace(/\([^()]*\)/g, ' ')
    .split(/,|\s[|·•]\s/)
    .map((p) => p.replace(/\s+/g, ' ').trim().replace(ZIP_SUFFIX, '').replace(UK_POSTCODE, '').replace(POSTCODE_PREFIX, '').trim())
    .filter((p) => p.length > 0 && !/^(?:suite|apt|unit|floor)\b/i.test(p));
  if (parts.length === 0) return null;
  const last = parts[parts.length - 1]!;
  // "Arlington, VA" / "Boston, MA": city and state
  if (US_STATE.test(last) && parts.length >= 2) return `${parts[parts.length - 2]!.replace(/^\d+\s+/, '')}, ${last}`;
  const place = parts.filter((p) => !/\d/.test(p));
  if (place.length === 0) return null;
  if (place.length >= 2 && parts.length === place.length && place.length <= 3) return place.join(', ');
  return place[place.length - 1]!;
}

const PLACE_WORD = /^[\p{Lu}][\p{L}'’.-]*$/u;

/** A contact segment without its postcode: "Sydney NSW 2000" → "Sydney NSW", "Oakland, CA 94612" → "Oakland, CA". */
export const placeText = (segment: string) => segment.replace(/\s+/g, ' ').trim().replace(ZIP_SUFFIX, '').replace(STATE_POSTCODE, '$1');

/** A segment that reads as a place: "Boston, MA", "São Paulo, Brazil", "London", "Tel Aviv, Israel". */
export function looksLikePlace(segment: string, name: string | undefined): boolean {
  const s = placeText(segment);
  if (s.length < 3 || s.length > 48 || /[@\d/]|https?:|www\./i.test(s)) return false;
  if (name && fold(s).includes(fold(name))) return false;
  // "WHITFIELD, ESQ." is a name with a post-nominal; a two-letter state ("Stanford, CA") stays a place
  if (
    s
      .split(/,\s*/)
      .slice(1)
      .some((p) => !/^[A-Z]{2}$/.test(p) && POST_NOMINALS.has(fold(p).replace(/\./g, '')))
  )
    return false;
  if (isTitleLike(s) || headingKind(s)) return false;
  const parts = s.split(/,\s*/);
  if (parts.length > 3) return false;
  for (const part of parts) {
    const words = part.split(/\s+/);
    if (words.length > 4) return false;
    if (!words.every((w, i) => PLACE_WORD.test(w) || (i > 0 && /^(?:de|do|da|del|am|an|upon|on|sur|la|el)$/.test(w)))) return false;
    if (words.some((w) => NEVER_NAME.has(fold(w)))) return false;
  }
  return true;
}

/** "$420k", "$230,000", "140.000 EUR", "110 k€", "CHF 260'000": the amount in thousands. */
export function salaryThousands(value: string): number | null {
  const m = /(\d{1,3}(?:[.,' ’]\d{3})+|\d+(?:[.,]\d+)?)\s*(million|mil|Mio|mn|Tsd|tsd|k|K|M|m)?/.exec(value);
  if (!m) return null;
  // a unit is a unit only when a word does not go on ("240 Medical" is not 240 million)
  const unit = m[2] !== undefined && !/\p{L}/u.test(value.charAt(m.index + m[0].length)) ? m[2] : undefined;
  const grouped = /[.,' ’]\d{3}$/.test(m[1]!) && !/[.,]\d{1,2}$/.test(m[1]!);
  const n = grouped ? Number(m[1]!.replace(/[.,' ’]/g, '')) : Number(m[1]!.replace(',', '.'));
  if (!Number.isFinite(n) || n <= 0) return null;
  // "HK$2.4M", "1,2 Mio": millions
  const millions = unit !== undefined && /^(?:M|m|mn|Mio|million)$/.test(unit);
  const thousands = millions ? n * 1000 : unit ? n : n >= 1000 ? n / 1000 : n;
  return thousands >= 10 && thousands <= 5000 ? Math.round(thousands) : null;
}
