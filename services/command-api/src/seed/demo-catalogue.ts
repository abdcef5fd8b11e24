/** Demo agency data: realistic, fixed, and free of real people. */
export const CLIENTS = [
  {
    companyName: 'Northwind Capital',
    industry: 'Financial Services',
    website: 'northwindcapital.example',
    description: 'Mid-market private equity firm expanding its portfolio operations team.',
    address: '200 Park Ave, New York, NY',
    priority: 'high' as const,
    contacts: [
      { name: 'Helen Park', title: 'Chief People Officer', email: 'helen.park@northwind.example', phone: '+1 212 555 0101', notes: 'Prefers calls before 10am ET.' },
      { name: 'Marcus Reed', title: 'Operating Partner', email: 'marcus.reed@northwind.example', phone: '+1 212 555 0102', notes: undefined },
    ],
  },
  {
    companyName: 'Helios Health',
    industry: 'Healthcare',
    website: 'https://helioshealth.example',
    description: 'Digital health provider scaling nationally after its Series D.',
    address: '1 Market St, San Francisco, CA',
    priority: 'high' as const,
    contacts: [{ name: 'Priya Raman', title: 'VP Talent', email: 'priya.raman@helios.example', phone: '+1 415 555 0111', notes: 'Retained search, two seats.' }],
  },
  {
    companyName: 'Atlas Logistics',
    industry: 'Transportation',
    website: 'atlaslogistics.example',
    description: 'Global freight forwarder modernising its technology organisation.',
    address: '4400 Logistics Way, Chicago, IL',
    priority: 'medium' as const,
    contacts: [{ name: 'Daniel Okafor', title: 'CEO', email: 'd.okafor@atlas.example', phone: '+1 312 555 0121', notes: undefined }],
  },
  {
    companyName: 'Verdant Energy',
    industry: 'Renewable Energy',
    website: 'verdant.example',
    description: 'Utility-scale solar developer building out its executive bench.',
    address: '901 Congress Ave, Austin, TX',
    priority: 'medium' as const,
    contacts: [
      { name: 'Sofia Alvarez', title: 'Head of HR', email: 'sofia.alvarez@verdant.example', phone: '+1 512 555 0131', notes: undefined },
      { name: 'Tom Becker', title: 'CFO', email: 'tom.becker@verdant.example', phone: '+1 512 555 0132', notes: 'Hiring manager for the finance search.' },
    ],
  },
  {
    companyName: 'Lumen Robotics',
    industry: 'Technology',
    website: 'https://lumenrobotics.example',
    description: 'Warehouse automation start-up preparing for an IPO.',
    address: '77 Innovation Dr, Boston, MA',
    priority: 'low' as const,
    contacts: [{ name: 'Grace Liu', title: 'COO', email: 'grace.liu@lumen.example', phone: '+1 617 555 0141', notes: undefined }],
  },
  {
    companyName: 'Harbor & Finch',
    industry: 'Consumer Goods',
    website: 'harborfinch.example',
    description: 'Premium consumer brand entering new international markets.',
    address: '55 Water St, Seattle, WA',
    priority: 'medium' as const,
    contacts: [{ name: 'Oliver Grant', title: 'Chief of Staff', email: 'oliver.grant@harborfinch.example', phone: '+1 206 555 0151', notes: undefined }],
  },
];

export const JOBS = [
  { title: 'Chief Financial Officer', department: 'Finance', location: 'New York, NY', salaryMin: 350, salaryMax: 450, priority: 'urgent' as const, status: 'interviewing' as const, description: 'Lead finance through the next fund cycle.', requirements: 'CPA, PE portfolio experience, 15+ years' },
  { title: 'VP of Engineering', department: 'Engineering', location: 'San Francisco, CA', salaryMin: 300, salaryMax: 380, priority: 'high' as const, status: 'sourcing' as const, description: 'Scale a 120-person engineering organisation.', requirements: 'Distributed systems, hiring at scale' },
  { title: 'Chief Technology Officer', department: 'Technology', location: 'Chicago, IL', salaryMin: 320, salaryMax: 420, priority: 'high' as const, status: 'open' as const, description: 'Own the platform modernisation roadmap.', requirements: 'Cloud migration, logistics domain a plus' },
  { title: 'Head of Talent Acquisition', department: 'People', location: 'Austin, TX', salaryMin: 180, salaryMax: 230, priority: 'medium' as const, status: 'open' as const, description: 'Build the recruiting function from scratch.', requirements: 'High-growth hiring, employer branding' },
  { title: 'VP of Sales', department: 'Sales', location: 'Boston, MA', salaryMin: 250, salaryMax: 320, priority: 'high' as const, status: 'interviewing' as const, description: 'Own enterprise revenue for North America.', requirements: 'Enterprise SaaS, robotics or hardware' },
  { title: 'Chief Marketing Officer', department: 'Marketing', location: 'Seattle, WA', salaryMin: 280, salaryMax: 360, priority: 'medium' as const, status: 'offer_extended' as const, description: 'Lead the brand into Europe and Asia.', requirements: 'Consumer brand, international launches' },
  { title: 'Director of Data Science', department: 'Data', location: 'Remote', salaryMin: 220, salaryMax: 280, priority: 'medium' as const, status: 'sourcing' as const, description: 'Stand up the clinical analytics team.', requirements: 'Python, ML in production, healthcare data' },
  { title: 'Chief Operating Officer', department: 'Operations', location: 'New York, NY', salaryMin: 330, salaryMax: 430, priority: 'urgent' as const, status: 'open' as const, description: 'Drive operational excellence across the portfolio.', requirements: 'Operating partner or COO experience' },
];

export const FIRST_NAMES = ['Ada', 'Benjamin', 'Chloe', 'Dmitri', 'Elena', 'Farid', 'Grace', 'Hiroshi', 'Isabel', 'Jamal', 'Katarina', 'Liam', 'Mei', 'Nikhil', 'Olivia', 'Pedro', 'Quinn', 'Rosa', 'Samuel', 'Tara'];
export const LAST_NAMES = ['Lovelace', 'Okoye', 'Dubois', 'Ivanov', 'Rossi', 'Haddad', 'Nakamura', 'Fernandez', 'Mensah', 'Kowalski', 'Schmidt', 'Chen', 'Patel', 'Obi', 'Larsen', 'Silva', 'Murphy', 'Khan', 'Novak', 'Walsh'];
export const TITLES = ['Chief Financial Officer', 'VP Engineering', 'Senior Director of Product', 'Head of Sales', 'Chief Marketing Officer', 'VP Operations', 'Director of Data Science', 'General Counsel', 'Chief People Officer', 'CTO'];
export const COMPANIES = ['Brightline Partners', 'Cobalt Systems', 'Meridian Health', 'Summit Retail', 'Quantum Freight', 'Orchid Bio', 'Ironclad Security', 'Bluewater Media', 'Keystone Foods', 'Polar Analytics', 'Redwood Labs'];
export const LOCATIONS = ['New York, NY', 'San Francisco, CA', 'Chicago, IL', 'Austin, TX', 'Boston, MA', 'Seattle, WA', 'Remote', 'London, UK'];
export const SKILL_SETS = [
  ['Financial Planning', 'M&A', 'Investor Relations', 'GAAP', 'Treasury'],
  ['Distributed Systems', 'Team Leadership', 'Kubernetes', 'TypeScript', 'Hiring'],
  ['Product Strategy', 'Roadmapping', 'B2B SaaS', 'Analytics'],
  ['Enterprise Sales', 'Negotiation', 'Salesforce', 'Channel Partnerships', 'Forecasting'],
  ['Brand Strategy', 'Digital Marketing', 'Go-to-Market', 'PR'],
  ['Supply Chain', 'Lean Operations', 'P&L Ownership', 'Six Sigma'],
  ['Python', 'Machine Learning', 'SQL', 'Statistics', 'Team Leadership', 'MLOps'],
  ['Corporate Law', 'Compliance', 'Contracts'],
  ['Talent Strategy', 'Org Design', 'Compensation', 'DEI'],
  ['Cloud Architecture', 'AWS', 'Security', 'Platform Engineering'],
];
