import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import type { LinkedinJobPost } from '@ats/contracts';
import { Send } from 'lucide-react';
import { formatDateTime, titleCase } from '@/lib/format';

/** The job's professional-network posts, newest first, with a Post action for writers. */
export function JobPostsCard({ posts, onPost }: { posts: readonly LinkedinJobPost[]; onPost?: () => void }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="job-posts-heading" data-testid="job-posts" sx={{ gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id="job-posts-heading" level="title-lg" component="h2" sx={{ flex: 1 }}>
          Professional network posts
        </Typography>
        {onPost && (
          <Button size="sm" variant="soft" startDecorator={<Send size={14} />} onClick={onPost}>
            Post
          </Button>
        )}
      </Box>
      {posts.length === 0 ? (
        <Typography level="body-sm" textColor="text.tertiary">
          Not posted yet
        </Typography>
      ) : (
        <Box component="ul" aria-label="Posts" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {posts.map((post) => (
            <Box
              component="li"
              key={post.id}
              data-testid="job-post"
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'center',
                borderTop: '1px solid',
                borderColor: 'divider',
                pt: 1,
              }}
            >
              <Chip size="sm" variant="soft" color={post.status === 'posted' ? 'success' : 'neutral'}>
                {titleCase(post.status)}
              </Chip>
              <Typography level="body-sm" sx={{ flex: 1, minWidth: 160 }}>
                {post.postUrl ? (
                  <Link href={post.postUrl} target="_blank" rel="noreferrer">
                    {post.linkedinJobId}
                  </Link>
                ) : (
                  post.linkedinJobId
                )}
              </Typography>
              <Typography level="body-xs" textColor="text.secondary">
                {post.viewsCount} views · {post.applicationsCount} applications · posted {formatDateTime(post.postedAt)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Card>
  );
}
