import { useState } from 'react';
import Avatar from '@mui/joy/Avatar';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import Skeleton from '@mui/joy/Skeleton';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import { UserPlus } from 'lucide-react';
import type { Role, User } from '@ats/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { toast } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { formatDate, initials } from '@/lib/format';
import { useRealtimeRoom } from '@/lib/realtime';
import { useUsers } from '../api/get-users';
import { useUpdateUser } from '../api/update-user';
import { LazyKeptAddUserDialog as AddUserDialog } from '@/components/lazy-dialogs';
import { ROLE_OPTIONS } from './role-options';
import { ResetPasswordDialog } from './reset-password-dialog';

/** Admins manage the team: list users, add one with a role, change roles, (de)activate. */
export function TeamPage({ currentUserId }: { currentUserId: string }) {
  const { data, isPending, isError, error } = useUsers();
  // another admin's changes to the team show here live
  useRealtimeRoom('team');
  const updateUser = useUpdateUser();
  const [adding, setAdding] = useState(false);
  // deactivation signs the user out everywhere at once: asked first (reactivation is not)
  const [deactivating, setDeactivating] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);

  const update = (user: User, body: { role?: Role; active?: boolean }, done: string) =>
    updateUser.mutate(
      { id: user.id, body },
      {
        onSuccess: () => toast({ title: done }),
        onError: (e) =>
          toast({ variant: 'destructive', title: 'Error', description: serverMessage(e) ?? 'Failed to update user. Please try again.' }),
      },
    );

  return (
    <>
      <PageHeader
        title="Team"
        subtitle="Who can sign in, and what they may do."
        actions={
          <Button startDecorator={<UserPlus size={18} />} onClick={() => setAdding(true)}>
            Add User
          </Button>
        }
      />
      <Card variant="outlined" sx={{ p: 0, overflow: 'hidden' }}>
        <Box sx={{ overflowX: 'auto' }}>
          <Table
            aria-label="Team members"
            hoverRow
            sx={{ minWidth: 720, '--TableCell-paddingX': '16px', '& th': { color: 'text.tertiary', fontWeight: 'md' } }}
          >
            <thead>
              <tr>
                <th>Name</th>
                <th>Email</th>
                <th style={{ width: 220 }}>Role</th>
                <th style={{ width: 110 }}>Status</th>
                <th style={{ width: 120 }}>Added</th>
                <th style={{ width: 260 }}>Actions</th>
              </tr>
            </thead>
            <tbody>
              {isPending ? (
                Array.from({ length: 4 }, (_, i) => (
                  <tr key={i}>
                    {Array.from({ length: 6 }, (__, j) => (
                      <td key={j}>
                        <Skeleton variant="text" level="body-sm" width="70%" />
                      </td>
                    ))}
                  </tr>
                ))
              ) : isError ? (
                <tr>
                  <td colSpan={6}>
                    <Typography color="danger">{serverMessage(error) ?? error.message}</Typography>
                  </td>
                </tr>
              ) : (
                data.map((user) => {
                  const self = user.id === currentUserId;
                  const name = `${user.firstName} ${user.lastName}`.trim();
                  return (
                    <tr key={user.id} data-testid="team-row">
                      <td>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
                          <Avatar size="sm" src={user.profileImageUrl ?? undefined} aria-hidden>
                            {initials(user.firstName, user.lastName)}
                          </Avatar>
                          <Typography level="title-sm">
                            {name}
                            {self && (
                              <Typography level="body-xs" textColor="text.tertiary">
                                {' '}
                                (you)
                              </Typography>
                            )}
                          </Typography>
                        </Box>
                      </td>
                      <td>
                        <Typography level="body-sm" sx={{ wordBreak: 'break-all' }}>
                          {user.email}
                        </Typography>
                      </td>
                      <td>
                        <Select<string>
                          size="sm"
                          value={user.role}
                          disabled={self}
                          onChange={(_, role) => role && role !== user.role && update(user, { role: role as Role }, 'Role updated')}
                          slotProps={{ button: { 'aria-label': `Role of ${name}` } }}
                        >
                          {ROLE_OPTIONS.map((option) => (
                            <Option key={option.value} value={option.value}>
                              {option.label}
                            </Option>
                          ))}
                        </Select>
                      </td>
                      <td>
                        <Chip size="sm" variant="soft" color={user.active ? 'success' : 'neutral'}>
                          {user.active ? 'Active' : 'Inactive'}
                        </Chip>
                      </td>
                      <td>
                        <Typography level="body-sm">{formatDate(user.createdAt)}</Typography>
                      </td>
                      <td>
                        {!self && (
                          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                            <Button
                              size="sm"
                              variant="outlined"
                              color="neutral"
                              onClick={() => setResetting(user)}
                              aria-label={`Reset the password of ${name}`}
                            >
                              Reset password
                            </Button>
                            <Button
                              size="sm"
                              variant="outlined"
                              color={user.active ? 'danger' : 'success'}
                              onClick={() => (user.active ? setDeactivating(user) : update(user, { active: true }, 'User reactivated'))}
                              aria-label={`${user.active ? 'Deactivate' : 'Reactivate'} ${name}`}
                            >
                              {user.active ? 'Deactivate' : 'Reactivate'}
                            </Button>
                          </Box>
                        )}
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </Table>
        </Box>
      </Card>
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <ConfirmDialog
        open={deactivating !== null}
        id="deactivate-user-dialog"
        title={`Deactivate ${deactivating ? `${deactivating.firstName} ${deactivating.lastName}` : ''}?`}
        description="They are signed out at once on every device and can no longer sign in. Their work stays. Reactivate gives them access again."
        confirmLabel="Deactivate"
        onConfirm={() => {
          if (deactivating) update(deactivating, { active: false }, 'User deactivated');
          setDeactivating(null);
        }}
        onClose={() => setDeactivating(null)}
      />
    </>
  );
}
