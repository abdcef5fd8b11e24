import type { Person } from './people';

/** Eight resume layouts seen in the wild; each returns the lines of one page. */
const name = (p: Person) => [p.firstName, p.middle, p.lastName].filter(Boolean).join(' ');
const prev = (p: Person) => `${p.previous.title}, ${p.previous.company} (${p.previous.from} - ${p.previous.to})`;

export const LAYOUTS: Array<(p: Person) => string[]> = [
  // classic: name, "Title at Company", one contact line with pipes
  (p) => [name(p), `${p.currentTitle} at ${p.currentCompany}`, `${p.location} | ${p.email} | ${p.phone}`, ...(p.mobilePhone ? [`Mobile: ${p.mobilePhone}`] : []), ...(p.linkedinUrl ? [p.linkedinUrl] : []), '', 'Summary', `${p.summary} ${p.years} years of experience.`, '', 'Skills', p.skills.join(', '), '', 'Experience', `${p.currentTitle}, ${p.currentCompany} (2019 - Present)`, prev(p)],
  // upper-case name, dotted contact line, "Title, Company"
  (p) => [name(p).toUpperCase(), `${p.email} · ${p.phone} · ${p.location}`, `${p.currentTitle}, ${p.currentCompany}`, ...(p.linkedinUrl ? [`LinkedIn: ${p.linkedinUrl}`] : []), '', 'PROFILE', p.summary, '', 'CORE COMPETENCIES', p.skills.join(' • '), '', 'EXPERIENCE', `${p.currentTitle} — ${p.currentCompany}, 2020 - present`, `Over ${p.years} years in leadership roles.`, prev(p)],
  // labelled contact block
  (p) => [name(p), p.currentTitle, p.currentCompany, '', `Email: ${p.email}`, `Phone: ${p.phone}`, ...(p.mobilePhone ? [`Mobile: ${p.mobilePhone}`] : []), `Location: ${p.location}`, ...(p.linkedinUrl ? [`Profile: ${p.linkedinUrl}`] : []), '', 'Professional Summary', `${p.summary} (${p.years}+ years)`, '', 'Key Skills', ...p.skills.map((s) => `- ${s}`)],
  // no title in the header: it is in the experience section
  (p) => [name(p), `${p.email} · ${p.location} · ${p.phone}`, ...(p.linkedinUrl ? [p.linkedinUrl.replace(/^https?:\/\//, '')] : []), '', 'PROFESSIONAL EXPERIENCE', `${p.currentTitle} — ${p.currentCompany}, 2019–present`, `${p.summary}`, prev(p), '', 'SKILLS', p.skills.join(', '), '', `${p.years} years of experience in total.`],
  // "Curriculum Vitae" heading before the name
  (p) => ['Curriculum Vitae', name(p), `${p.currentTitle} | ${p.currentCompany}`, `${p.location}`, `Tel: ${p.phone}`, `E-mail: ${p.email}`, ...(p.mobilePhone ? [`Cell: ${p.mobilePhone}`] : []), '', 'About', `${p.summary}`, '', 'Technical Skills', p.skills.join('; '), '', 'Work Experience', `${p.currentTitle}, ${p.currentCompany}`, prev(p), `${p.years} years in the industry.`],
  // name then a one-line headline with an @ company
  (p) => [name(p), `${p.currentTitle} @ ${p.currentCompany} · ${p.location}`, `${p.phone} | ${p.email}`, ...(p.linkedinUrl ? [p.linkedinUrl] : []), '', 'Summary', `${p.summary}`, `Experience: ${p.years} years`, '', 'Skills', p.skills.join(', ')],
  // name, location on its own line, contact last
  (p) => [name(p), p.location, `${p.currentTitle} at ${p.currentCompany}`, '', 'Summary', p.summary, '', 'Experience', `${p.currentTitle} at ${p.currentCompany} (${2026 - 3} - Present)`, prev(p), `${p.years} years of experience`, '', 'Skills', p.skills.join(', '), '', 'Contact', `${p.email}`, `${p.phone}`, ...(p.mobilePhone ? [`Mobile ${p.mobilePhone}`] : [])],
  // compact: name | title line, and everything else after
  (p) => [`${name(p)}`, `${p.currentTitle} - ${p.currentCompany}`, `${p.phone} · ${p.email} · ${p.location}`, '', 'Highlights', `${p.summary} ${p.years}+ years.`, '', 'Skills', p.skills.join(' | '), '', 'Experience', `${p.currentTitle}, ${p.currentCompany}`, prev(p)],
];
