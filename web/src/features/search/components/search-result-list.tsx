import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';
import { Briefcase, Building2, Contact, User, type LucideIcon } from 'lucide-react';
import type { SearchKind, SearchResult } from '@ats/contracts';
import { optionId, type ResultGroup } from '../utils/result-groups';

const ICONS: Record<SearchKind, LucideIcon> = { candidate: User, client: Building2, job: Briefcase, contact: Contact };

/** The palette's listbox: one group per kind with a heading, each option with its icon. */
export function SearchResultList({
  id,
  groups,
  active,
  onHover,
  onOpen,
  stale,
}: {
  id: string;
  groups: ResultGroup[];
  active: number;
  onHover: (index: number) => void;
  onOpen: (result: SearchResult) => void;
  stale: boolean;
}) {
  return (
    <Box id={id} role="listbox" aria-label="Search results" aria-busy={stale} sx={{ py: 1, opacity: stale ? 0.7 : 1 }}>
      {groups.map((group) => {
        const Icon = ICONS[group.kind];
        const headingId = `${id}-${group.kind}`;
        return (
          <Box key={group.kind} role="group" aria-labelledby={headingId} sx={{ mb: 0.5 }}>
            <Typography
              id={headingId}
              component="div"
              level="body-xs"
              textTransform="uppercase"
              fontWeight="lg"
              textColor="text.secondary"
              sx={{ px: 2, py: 0.75, letterSpacing: '0.06em' }}
            >
              {group.label}
            </Typography>
            {group.items.map(({ result, index }) => {
              const selected = index === active;
              return (
                <Box
                  key={optionId(result)}
                  id={optionId(result)}
                  role="option"
                  aria-selected={selected}
                  onMouseMove={() => !selected && onHover(index)}
                  // keep focus in the input: the click opens the record
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => onOpen(result)}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1.5,
                    mx: 1,
                    px: 1.25,
                    py: 1,
                    borderRadius: 'sm',
                    cursor: 'pointer',
                    bgcolor: selected ? 'primary.softBg' : 'transparent',
                    color: selected ? 'primary.softColor' : 'text.primary',
                  }}
                >
                  <Icon size={18} aria-hidden style={{ flexShrink: 0 }} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography level="title-sm" textColor="inherit" noWrap>
                      {result.title}
                    </Typography>
                    {result.subtitle && (
                      <Typography level="body-xs" textColor={selected ? 'inherit' : 'text.secondary'} noWrap>
                        {result.subtitle}
                      </Typography>
                    )}
                  </Box>
                </Box>
              );
            })}
          </Box>
        );
      })}
    </Box>
  );
}
