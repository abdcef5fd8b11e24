/**
 * The words a reader uses to find their way in a resume, in English, German, French, Spanish,
 * Dutch, Italian, Portuguese and Polish: what a heading means, what a label announces, which
 * words name a job. Matched on folded text (lower case, accents removed) word by word, never by
 * a regex built from this data.
 */
import { fold } from './names';

export type SectionKind = 'experience' | 'education' | 'skills' | 'summary' | 'contact' | 'languages' | 'publications' | 'other';

/** Heading keywords by meaning: a heading contains one of them (folded). */
// prettier-ignore
const SECTION_WORDS: Array<[SectionKind, string[]]> = [
  [
    'experience',
    [
      'experience', 'experiences', 'employment', 'work history', 'career', 'professional history', 'appointments',
      'erfahrung', 'berufserfahrung', 'werdegang', 'beruflicher werdegang', 'berufliche erfahrung', 'laufbahn',
      'experience professionnelle', 'parcours', 'experiencia', 'trayectoria', 'werkervaring', 'ervaring', 'loopbaan',
      'esperienza', 'esperienze', 'experiencia profesional', 'experiencia profissional', 'doswiadczenie',
      'leadership experience', 'executive career', 'positions', 'work experience', 'arbeidserfaring',
      'arbetslivserfarenhet', 'erhvervserfaring', 'yrkeserfaring',
    ],
  ],
  [
    'education',
    [
      'education', 'academic background', 'qualifications', 'ausbildung', 'studium', 'bildung', 'formation', 'formacion',
      'educacion', 'opleiding', 'opleidingen', 'istruzione', 'formazione', 'formacao', 'wyksztalcenie', 'training',
      'degrees', 'bar admissions', 'schulbildung', 'educacao', 'utdanning', 'utbildning', 'uddannelse', 'estudios',
      'school', 'schooling',
    ],
  ],
  [
    'skills',
    [
      'skills', 'competencies', 'competences', 'expertise', 'areas of expertise', 'strengths', 'kenntnisse', 'fahigkeiten',
      'kompetenzen', 'competences cles', 'habilidades', 'competencias', 'vaardigheden', 'competenze', 'tools',
      'technologies', 'umiejetnosci', 'core skills', 'key skills',
    ],
  ],
  [
    'summary',
    [
      'summary', 'profile', 'about', 'about me', 'objective', 'highlights', 'career highlights', 'key facts',
      'personal profile', 'profil', 'profilo', 'perfil', 'resumen', 'kurzprofil', 'zusammenfassung', 'sobre mi',
      'samenvatting', 'executive summary', 'professional summary', 'overview', 'career objective', 'professional objective',
      'career profile',
    ],
  ],
  [
    'contact',
    [
      'contact', 'contact details', 'personal details', 'personal information', 'personal data', 'kontakt', 'kontaktdaten',
      'personliche daten', 'personliche angaben', 'personalien', 'coordonnees', 'informations personnelles', 'etat civil',
      'datos personales', 'datos de contacto', 'personalia', 'persoonlijke gegevens', 'contactgegevens',
      'informazioni personali', 'dati personali', 'contatti', 'dados pessoais', 'contactos', 'dane kontaktowe',
      'dane osobowe', 'details',
    ],
  ],
  ['languages', ['languages', 'sprachen', 'sprachkenntnisse', 'langues', 'idiomas', 'talen', 'lingue', 'jezyki']],
  [
    'publications',
    [
      'publications', 'selected publications', 'publikationen', 'certifications', 'certificates', 'awards', 'interests',
      'hobbies', 'references', 'referenzen', 'interessen', 'loisirs', 'centres d interet', 'board roles', 'memberships',
      'volunteering', 'patents', 'talks', 'projects',
    ],
  ],
];

const SECTION_LOOKUP = new Map<string, SectionKind>();
for (const [kind, words] of SECTION_WORDS) for (const w of words) SECTION_LOOKUP.set(w, kind);

/** Words that are never part of a person's name (document titles, headings). */
// prettier-ignore
export const NEVER_NAME = new Set([
  ...SECTION_LOOKUP.keys(),
  'curriculum',
  'vitae',
  'resume',
  'cv',
  'lebenslauf',
  'personal',
  'key',
  'facts',
  'page',
  'confidential',
  'biography',
  'bio',
  'portfolio',
  'contact',
  'email',
  'phone',
  'mobile',
  'address',
  'linkedin',
  'references',
  'professional',
  'executive',
  'summary',
  'profile',
  'name',
  'naam',
  'nom',
  'nombre',
  'nome',
]);

// prettier-ignore
const HEADING_FILLER = new Set([
  'and', 'und', 'et', 'y', 'en', 'e', 'i', '&', 'my', 'of', 'de', 'du', 'des', 'la', 'le', 'oldest', 'first', 'selected',
  'relevant', 'other',
]);

/** What a heading line means, or null when the line is not a heading. */
export function headingKind(line: string): SectionKind | null {
  const text = line
    .replace(/\([^()]{0,40}\)/g, '')
    .replace(/[:：]\s*$/, '')
    .trim();
  if (text.length === 0 || text.length > 48 || /[@\d|•]/.test(text)) return null;
  const folded = fold(text)
    .replace(/[^a-z& ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!folded) return null;
  const whole = SECTION_LOOKUP.get(folded);
  if (whole) return whole;
  const words = folded.split(' ');
  if (words.length > 5) return null;
  // a heading is short, and every word of it is a heading word or filler: "Professional Experience", "Work History"
  let kind: SectionKind | null = null;
  for (let i = 0; i < words.length; i++) {
    const pair = i + 1 < words.length ? SECTION_LOOKUP.get(`${words[i]} ${words[i + 1]}`) : undefined;
    const one = SECTION_LOOKUP.get(words[i]!);
    if (pair) kind ??= pair;
    else if (one) kind ??= one;
  }
  if (!kind) return null;
  const known = words.filter(
    (w) => SECTION_LOOKUP.has(w) || HEADING_FILLER.has(w) || NEVER_NAME.has(w) || LEADING_ADJECTIVES.has(w),
  ).length;
  return known >= words.length - 1 ? kind : null;
}

// prettier-ignore
const LEADING_ADJECTIVES = new Set([
  'professional', 'work', 'relevant', 'selected', 'core', 'key', 'technical', 'academic', 'berufliche', 'beruflicher',
  'professionnelle', 'profesional', 'professionele', 'professionale', 'zawodowe', 'profissional', 'leadership', 'executive',
  'international', 'career', 'additional', 'further', 'persönliche', 'personal',
]);

/** Job words (stems, folded): a line with one of them names a role. German compounds match inside words. */
// prettier-ignore
const TITLE_WORDS = new Set([
  'chief', 'officer', 'president', 'vp', 'svp', 'evp', 'avp', 'vice', 'director', 'directora', 'directeur', 'directrice',
  'direttore', 'direttrice', 'diretor', 'diretora', 'dyrektor', 'head', 'manager', 'managerin', 'lead', 'leader', 'engineer',
  'counsel', 'partner', 'founder', 'co-founder', 'cofounder', 'consultant', 'analyst', 'architect', 'specialist',
  'executive', 'cfo', 'cto', 'ceo', 'coo', 'cmo', 'cio', 'cpo', 'cro', 'ciso', 'controller', 'principal', 'scientist',
  'designer', 'designerin', 'recruiter', 'administrator', 'coordinator', 'coordinadora', 'coordinador', 'associate',
  'professor', 'lecturer', 'accountant', 'auditor', 'auditora', 'auditrice', 'attorney', 'lawyer', 'solicitor', 'nurse',
  'physician', 'developer', 'programmer', 'gerente', 'subgerente', 'jefe', 'jefa', 'subdirector', 'subdirectora',
  'responsable', 'responsabile', 'kierownik', 'chef', 'chefarztin', 'chefarzt',
  'oberarztin', 'oberarzt', 'geschaftsfuhrer', 'geschaftsfuhrerin', 'prokurist', 'teamleider', 'referentin', 'referent',
  'trainee', 'intern', 'buyer', 'acheteuse', 'acheteur', 'chargee', 'charge', 'editor', 'trustee', 'secretary', 'treasurer',
  'clerk', 'representative', 'superintendent', 'owner', 'vice-president', 'vice-presidente', 'vice-presidente,',
  'presidente', 'president-directeur', 'agent', 'broker', 'banker', 'economist', 'strategist', 'advisor', 'adviser',
  'fellow', 'researcher', 'postdoc', 'assistant', 'lead', 'staff', 'key account', 'ingenieur', 'ingenieurin', 'berater',
  'beraterin', 'leiter', 'leiterin', 'account', 'sales', 'area', 'plant', 'store', 'general', 'managing', 'operations',
  'hoofd', 'inkoper', 'inkoopster', 'medewerker', 'medewerkster', 'adviseur', 'ontwikkelaar', 'bestuurder', 'voorzitter',
  'asistente', 'analista', 'consultor', 'consultora', 'przedstawiciel', 'specjalista', 'kierowniczka', 'dyrektorka',
]);
/** German role compounds: "Personalleiterin", "Vertriebsleiter". */
// prettier-ignore
const TITLE_SUFFIXES = [
  'professor', 'professorin', 'mitarbeiter', 'mitarbeiterin', 'entwickler', 'entwicklerin', 'ingenieurin', 'managerin',
  'leiter', 'leiterin', 'fuhrer', 'fuhrerin', 'referent', 'referentin', 'berater', 'beraterin', 'direktor', 'direktorin',
];
/** Words that make a role only together with another: "Sales" alone is not a job. */
// prettier-ignore
const WEAK_TITLE_WORDS = new Set(['account', 'sales', 'area', 'plant', 'store', 'general', 'managing', 'operations', 'staff', 'lead']);

export function titleWordCount(text: string): { strong: number; weak: number } {
  let strong = 0;
  let weak = 0;
  for (const raw of fold(text).split(/[^a-z-]+/)) {
    let a = 0;
    let b = raw.length;
    while (a < b && raw[a] === '-') a++;
    while (b > a && raw[b - 1] === '-') b--;
    const w = raw.slice(a, b);
    if (!w) continue;
    if (TITLE_WORDS.has(w)) {
      if (WEAK_TITLE_WORDS.has(w)) weak++;
      else strong++;
    } else if (w.length > 7 && TITLE_SUFFIXES.some((s) => w.endsWith(s))) strong++;
  }
  return { strong, weak };
}

export const isTitleLike = (text: string) => titleWordCount(text).strong > 0;

/** Function words that belong to a title after a comma: "Vice President, Finance". */
// prettier-ignore
export const FUNCTION_WORDS = new Set([
  'finance', 'finances', 'financial', 'operations', 'engineering', 'product', 'product management', 'marketing', 'sales',
  'hr', 'human resources', 'people', 'technology', 'legal', 'strategy', 'audit', 'assurance', 'tax', 'risk', 'design',
  'research', 'development', 'emea', 'apac', 'americas', 'europe', 'north america', 'global', 'international',
  'analytics', 'data', 'it', 'supply chain', 'procurement', 'communications', 'compliance', 'growth', 'partnerships',
  'taxation', 'treasury', 'planning', 'corporate planning', 'investment', 'investments', 'corporate finance',
  'corporate development', 'business development', 'investor relations', 'internal audit',
  'legale', 'finanziario', 'amministrativo', 'commerciale', 'acquisti', 'vendite',
  'inkoop', 'verkoop', 'financien', 'einkauf', 'vertrieb', 'controlling', 'achats', 'compras', 'ventas', 'zakupy',
]);

/** Words after which a date means "until now". */
// prettier-ignore
export const PRESENT_WORDS = new Set([
  'present', 'current', 'currently', 'now', 'today', 'date', 'to date', 'ongoing', 'heute', 'jetzt', 'derzeit', 'aktuell',
  'aujourd hui', 'aujourdhui', 'ce jour', 'actuel', 'actuellement', 'actualidad', 'actual', 'actualmente', 'presente', 'hoy',
  'heden', 'nu', 'huidig', 'oggi', 'attuale', 'obecnie', 'teraz', 'atual', 'hoje', 'atualmente', 'la fecha', 'i dag',
  'idag', 'dags dato',
]);

/** Words before a date that open a range until now: "since 2015", "seit 03/2018". */
// prettier-ignore
export const SINCE_WORDS = new Set(['since', 'seit', 'depuis', 'desde', 'sinds', 'dal', 'dall', 'od', 'from']);

/** Month names and abbreviations (folded) in the eight languages → month index 0–11. */
export const MONTHS = new Map<string, number>();
// prettier-ignore
const MONTH_NAMES: string[][] = [
  ['jan', 'january', 'januar', 'janvier', 'janv', 'enero', 'ene', 'januari', 'gennaio', 'gen', 'janeiro', 'styczen', 'jaenner', 'janner'],
  ['feb', 'february', 'februar', 'fevrier', 'fev', 'febrero', 'februari', 'febbraio', 'fevereiro', 'fev', 'luty'],
  ['mar', 'march', 'marz', 'mars', 'marzo', 'maart', 'marco', 'marzec', 'maerz'],
  ['apr', 'april', 'avril', 'avr', 'abril', 'abr', 'aprile', 'kwiecien'],
  ['may', 'mai', 'mayo', 'mei', 'maggio', 'mag', 'maio', 'maj'],
  ['jun', 'june', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho', 'czerwiec'],
  ['jul', 'july', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho', 'lipiec'],
  ['aug', 'august', 'aout', 'agosto', 'ago', 'augustus', 'sierpien'],
  ['sep', 'sept', 'september', 'septembre', 'septiembre', 'set', 'settembre', 'setembro', 'wrzesien'],
  ['oct', 'october', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro', 'out', 'pazdziernik'],
  ['nov', 'november', 'novembre', 'noviembre', 'novembro', 'listopad'],
  ['dec', 'december', 'dezember', 'dez', 'decembre', 'diciembre', 'dic', 'dicembre', 'dezembro', 'grudzien'],
];
MONTH_NAMES.forEach((names, month) => names.forEach((n) => MONTHS.set(n, month)));

/** Labels of contact fields (folded, without the colon). */
// prettier-ignore
export const LABELS: Record<'name' | 'email' | 'mobile' | 'phone' | 'location' | 'salary' | 'title', string[]> = {
  name: ['name', 'naam', 'nom', 'nombre', 'nome', 'full name', 'imie i nazwisko', 'vor- und nachname'],
  email: ['email', 'e-mail', 'e mail', 'mail', 'courriel', 'correo electronico', 'correo', 'e', 'adres e-mail'],
  mobile: [
    'mobile', 'mob', 'mobile phone', 'cell', 'cell phone', 'cellular', 'm', 'handy', 'mobil', 'mobiltelefon', 'mobiel',
    'mobile no', 'mob no', 'cell no', 'cellphone',
    'portable', 'tel portable', 'gsm', 'movil', 'telefono movil', 'cel', 'celular', 'cellulare', 'telemovel',
    'telefon komorkowy', 'komorka', 'whatsapp', 'mobile number',
  ],
  phone: [
    'phone', 'telephone', 'tel', 'tel.', 'telefon', 'telefono', 'telefoon', 'telefone', 'office', 'work', 'direct',
    'landline', 'o', 't', 'p', 'ph', 'phone number', 'fon', 'festnetz', 'tel fixe', 'fixe', 'fijo',
  ],
  location: [
    'location', 'address', 'adresse', 'anschrift', 'wohnort', 'ort', 'residence', 'city', 'based in', 'adres', 'woonplaats',
    'direccion', 'domicilio', 'residencia', 'ciudad', 'morada', 'residenza', 'indirizzo', 'localidade',
    'miejsce zamieszkania', 'adres zamieszkania', 'lieu de residence', 'domicile', 'ville',
  ],
  salary: [
    'salary', 'salary expectation', 'salary expectations', 'expected salary', 'desired salary', 'target salary',
    'compensation', 'compensation expectations', 'expected compensation', 'gehaltsvorstellung', 'gehaltswunsch',
    'gehaltsvorstellungen', 'lohnvorstellung', 'pretentions salariales', 'pretentions', 'salaire souhaite',
    'remuneration souhaitee', 'pretension salarial', 'expectativa salarial', 'salarisindicatie', 'salariswens', 'ral',
    'pretensao salarial', 'oczekiwania finansowe', 'wynagrodzenie', 'expected package', 'expected ctc', 'expected remuneration',
  ],
  title: ['current role', 'current position', 'position', 'title', 'job title', 'role', 'aktuelle position', 'poste actuel', 'puesto'],
};

const LABEL_LOOKUP = new Map<string, keyof typeof LABELS>();
for (const [field, words] of Object.entries(LABELS)) for (const w of words) LABEL_LOOKUP.set(w, field as keyof typeof LABELS);

export function labelField(label: string): keyof typeof LABELS | null {
  const folded = fold(label)
    .replace(/[^a-z -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return LABEL_LOOKUP.get(folded) ?? LABEL_LOOKUP.get(folded.replace(/-/g, ' ')) ?? null;
}

/** Name particles written in lower case or as separate words: part of the surname. */
// prettier-ignore
export const PARTICLES = new Set([
  'van', 'der', 'den', 'de', 'von', 'zu', 'da', 'di', 'del', 'della', 'la', 'le', 'du', 'dos', 'das', 'ter', 'ten', 'ben',
  'bin', 'al', 'el', 'mac', 'st', 'y', 'e',
]);

/** Honorifics before a name, post-nominals after it (folded, dots removed). */
// prettier-ignore
export const HONORIFICS = new Set([
  'dr', 'prof', 'mr', 'mrs', 'ms', 'mx', 'miss', 'sir', 'dame', 'med', 'rer', 'nat', 'ing', 'dipl', 'dipl-ing', 'mag',
  'herr', 'frau', 'mme', 'm', 'mlle', 'sr', 'sra', 'dott', 'dottssa', 'ir', 'drs', 'mgr', 'hon', 'rev',
]);
// prettier-ignore
export const POST_NOMINALS = new Set([
  'cpa', 'ca', 'aca', 'fca', 'acca', 'cima', 'cfa', 'cma', 'mba', 'phd', 'ph.d', 'md', 'jd', 'esq', 'llm', 'msc', 'ma', 'ba',
  'bsc', 'meng', 'beng', 'obe', 'mbe', 'cbe', 'rgn', 'rn', 'pmp', 'shrm-scp', 'sphr', 'cfp', 'cisa', 'cissp', 'frcs', 'facc',
  'jr', 'sr', 'ii', 'iii', 'iv', 'dba', 'edd', 'mpa', 'mph', 'cipd', 'fcipd', 'peng', 'pe', 'ceng',
]);

const COMPANY_HINT =
  /\b(?:inc|llc|ltd|plc|gmbh|ag|sa|sas|se|bv|nv|ab|spa|srl|corp|co|group|groupe|holdings?|bank|universit\w*|hospital|institute|foundation|partners|capital|consulting|technologies|systems|services|insurance|hospitality)\b/i;

/** Words that mark an organisation: "GmbH", "Group", "University", "Hospital". */
export const isOrgLike = (s: string) => COMPANY_HINT.test(s);
