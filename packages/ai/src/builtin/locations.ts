import { words } from './words';

/**
 * A compact metro-area model: places that share one labour market (a commute, not a relocation).
 * Source: US OMB core-based statistical areas (2023 delineations; the San Jose–San Francisco–Oakland
 * combined area is one market), the ONS Greater London built-up area and Eurostat's functional
 * urban areas for Europe, with each metro's principal cities and the business districts recruiters
 * meet in records. No npm data set with metro membership exists (checked the registry list), so the
 * table is kept small and reasoned; a place it does not know falls back to comparing city names.
 * Each metro lists the qualifiers (state, country) that may follow its places: "Paris, TX" is not Paris.
 */
interface Metro {
  name: string;
  places: string[];
  qualifiers: string[];
}

const US = ['usa', 'us', 'united states', 'united states of america'];
const UK = ['uk', 'united kingdom', 'england', 'gb', 'great britain'];
const m = (name: string, places: string, qualifiers: string, extra: string[] = []): Metro => ({
  name,
  places: places.split(',').map((p) => p.trim()),
  qualifiers: [...qualifiers.split(',').map((q) => q.trim()), ...extra],
});

const METROS: Metro[] = [
  m(
    'New York',
    'new york, new york city, nyc, manhattan, brooklyn, queens, bronx, the bronx, staten island, long island city, jersey city, hoboken, newark, yonkers, white plains',
    'ny, nj, new york, new jersey',
    US,
  ),
  m(
    'Boston',
    'boston, cambridge, somerville, brookline, newton, quincy, waltham, burlington, lexington, woburn, needham',
    'ma, massachusetts',
    US,
  ),
  m(
    'San Francisco Bay Area',
    'san francisco, sf, oakland, berkeley, emeryville, san jose, palo alto, mountain view, menlo park, redwood city, sunnyvale, santa clara, cupertino, san mateo, fremont, south san francisco, bay area',
    'ca, california',
    US,
  ),
  m(
    'Los Angeles',
    'los angeles, la, santa monica, pasadena, burbank, long beach, irvine, culver city, glendale, anaheim, el segundo',
    'ca, california',
    US,
  ),
  m('Chicago', 'chicago, evanston, oak brook, naperville, schaumburg, skokie, deerfield', 'il, illinois', US),
  m('Seattle', 'seattle, bellevue, redmond, kirkland, tacoma, everett', 'wa, washington', US),
  m(
    'Washington DC',
    'washington, washington dc, dc, arlington, alexandria, bethesda, reston, mclean, tysons, silver spring',
    'dc, va, md, virginia, maryland',
    US,
  ),
  m('Dallas–Fort Worth', 'dallas, fort worth, plano, irving, frisco, arlington', 'tx, texas', US),
  m('Austin', 'austin, round rock', 'tx, texas', US),
  m('Houston', 'houston, the woodlands, sugar land', 'tx, texas', US),
  m('Atlanta', 'atlanta, alpharetta, marietta, sandy springs', 'ga, georgia', US),
  m('Denver', 'denver, boulder, aurora, englewood', 'co, colorado', US),
  m('Miami', 'miami, fort lauderdale, boca raton, west palm beach, miami beach', 'fl, florida', US),
  m('Philadelphia', 'philadelphia, king of prussia, conshohocken, wilmington', 'pa, de, pennsylvania, delaware', US),
  m('Toronto', 'toronto, mississauga, markham, vaughan', 'on, ontario, canada', []),
  m(
    'London',
    'london, city of london, westminster, croydon, canary wharf, richmond, kingston upon thames, wimbledon, stratford, hammersmith, islington, greenwich',
    'greater london',
    UK,
  ),
  m('Manchester', 'manchester, salford, stockport, trafford', 'greater manchester', UK),
  m(
    'Paris',
    'paris, la defense, boulogne billancourt, neuilly sur seine, saint denis, issy les moulineaux',
    'france, fr, ile de france',
    [],
  ),
  m('Berlin', 'berlin, potsdam', 'germany, de, deutschland', []),
  m('Munich', 'munich, munchen, muenchen, garching, unterfohring', 'germany, de, deutschland, bavaria', []),
  m('Frankfurt', 'frankfurt, frankfurt am main, offenbach, eschborn, bad homburg', 'germany, de, deutschland, hesse', []),
  m('Amsterdam', 'amsterdam, amstelveen, schiphol, hoofddorp', 'netherlands, nl, the netherlands', []),
  m('Zurich', 'zurich, winterthur, zug', 'switzerland, ch', []),
  m('Dublin', 'dublin, dun laoghaire', 'ireland, ie', []),
  m('Sydney', 'sydney, north sydney, parramatta', 'nsw, australia', []),
  m('Singapore', 'singapore', 'singapore', []),
  m('Hong Kong', 'hong kong, kowloon', 'hong kong, china', []),
  m('Tokyo', 'tokyo, yokohama, kawasaki', 'japan, jp', []),
];

/** "City, ST, Country" → the city words and the qualifiers after it. */
function split(location: string): { city: string; qualifiers: string[] } {
  const parts = location
    .split(',')
    .map((p) => words(p).join(' '))
    .filter(Boolean);
  return { city: parts[0] ?? '', qualifiers: parts.slice(1) };
}

/** The metro a place belongs to, or null when the table does not know it (or a qualifier rules it out). */
export function metroOf(location: string | null | undefined): string | null {
  if (!location) return null;
  const { city, qualifiers } = split(location);
  for (const metro of METROS) {
    if (!metro.places.includes(city)) continue;
    if (qualifiers.every((q) => metro.qualifiers.includes(q))) return metro.name;
  }
  return null;
}

export type LocationFit = 'same' | 'remote' | 'different' | 'unknown';

const isRemote = (s: string) => words(s).some((w) => w === 'remote' || w === 'anywhere');

/** Whether a candidate in `a` can work in `b` without moving: the same metro area, or remote. */
export function sameLocation(a: string | null | undefined, b: string | null | undefined): LocationFit {
  if (!a || !b) return 'unknown';
  if (isRemote(a) || isRemote(b)) return 'remote';
  const ma = metroOf(a);
  const mb = metroOf(b);
  if (ma || mb) return ma === mb ? 'same' : 'different';
  const x = split(a);
  const y = split(b);
  if (x.city !== y.city) return 'different';
  // the same city name with two different states or countries ("Springfield, IL" and "Springfield, MA")
  const qa = x.qualifiers[0];
  const qb = y.qualifiers[0];
  return qa && qb && qa !== qb && qa.length === 2 && qb.length === 2 ? 'different' : 'same';
}
