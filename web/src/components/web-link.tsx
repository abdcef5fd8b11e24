import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import { webHref } from '@/lib/format';

/** A stored web address as a link that opens in a new tab; as plain text when it is none ("[erased]"). */
export function WebLink({ value }: { value: string }) {
  const href = webHref(value);
  if (!href) return <Typography>{value}</Typography>;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {value}
    </Link>
  );
}
