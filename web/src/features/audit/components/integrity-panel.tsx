import { useState } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import LinearProgress from '@mui/joy/LinearProgress';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { serverMessage } from '@/lib/api-client';
import { useAuditPublicKey, useVerifyAuditLog, useVerifyProgress } from '../api/verify-audit-log';

const n = (value: number) => value.toLocaleString('en-US');

/** "Verify integrity" with live progress and the result, and the installation's public key. */
export function IntegrityPanel() {
  const verify = useVerifyAuditLog();
  const progress = useVerifyProgress(verify.isPending);
  const publicKey = useAuditPublicKey();
  const [showKey, setShowKey] = useState(false);
  const p = progress.data;
  const percent = p && p.running && p.total > 0 ? Math.min(100, Math.round((p.checked / p.total) * 100)) : 0;
  const result = verify.data;

  return (
    <Sheet
      variant="outlined"
      sx={{ borderRadius: 'md', p: 2, display: 'grid', gap: 1.5 }}
      component="section"
      aria-labelledby="audit-integrity-heading"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography level="title-md" component="h2" id="audit-integrity-heading">
          Integrity
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="sm" variant="plain" color="neutral" aria-expanded={showKey} onClick={() => setShowKey((v) => !v)}>
            {showKey ? 'Hide public key' : 'Public key'}
          </Button>
          <Button
            size="sm"
            startDecorator={<ShieldCheck size={16} aria-hidden />}
            loading={verify.isPending}
            onClick={() => verify.mutate()}
          >
            Verify integrity
          </Button>
        </Box>
      </Box>
      {verify.isPending && (
        <Box>
          <LinearProgress
            determinate
            value={percent}
            aria-label="Verification progress"
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
          />
          <Typography level="body-xs" sx={{ mt: 0.5 }} aria-live="polite">
            {p && p.running ? `Checked ${n(p.checked)} of ${n(p.total)} events…` : 'Starting the verification…'}
          </Typography>
        </Box>
      )}
      {result && !verify.isPending && (
        <Alert
          role="status"
          color={result.ok ? 'success' : 'danger'}
          variant="soft"
          startDecorator={result.ok ? <ShieldCheck size={18} aria-hidden /> : <ShieldAlert size={18} aria-hidden />}
        >
          <Box>
            {result.ok ? (
              <Typography level="body-sm" sx={{ color: 'inherit', overflowWrap: 'anywhere' }}>
                {/* positions are not a count (a refused append leaves a gap), so the position is named as the latest event's */}
                Verified {n(result.checked)} events — the chain is intact up to the latest event (position {n(result.headPosition)}), head{' '}
                {result.headHash?.slice(0, 4)}…
              </Typography>
            ) : (
              <Typography level="body-sm" sx={{ color: 'inherit', fontWeight: 700 }}>
                The chain is broken at position {result.firstBrokenAt === null ? '—' : n(result.firstBrokenAt)}
                {result.reason ? `: ${result.reason}` : ''}.
              </Typography>
            )}
            {result.checkpoint && (
              <Typography level="body-xs" sx={{ color: 'inherit' }}>
                Signed checkpoint at position {n(result.checkpoint.position)}:{' '}
                {result.checkpoint.signatureValid ? 'signature valid' : 'signature NOT valid'}
                {result.checkpoint.matches ? ', matches the chain' : ', does not match the chain'}.
              </Typography>
            )}
          </Box>
        </Alert>
      )}
      {verify.isError && (
        <Alert color="danger" variant="soft" role="alert">
          Could not verify the log{serverMessage(verify.error) ? `: ${serverMessage(verify.error)}` : '.'}
        </Alert>
      )}
      {showKey && (
        <Box>
          {publicKey.isPending ? (
            <LinearProgress aria-label="Loading the public key" />
          ) : publicKey.isError ? (
            <Typography level="body-sm" color="danger">
              Could not load the public key.
            </Typography>
          ) : (
            <>
              <Typography level="body-xs">Ed25519 key that signs checkpoints and export manifests. Fingerprint (SHA-256):</Typography>
              <Typography level="body-xs" sx={{ fontFamily: 'code', overflowWrap: 'anywhere', mb: 0.5 }}>
                {publicKey.data.fingerprint}
              </Typography>
              <Sheet
                variant="soft"
                component="pre"
                tabIndex={0}
                aria-label="Public key"
                sx={{ m: 0, p: 1, fontSize: 'xs', fontFamily: 'code', borderRadius: 'sm', overflow: 'auto' }}
              >
                {publicKey.data.publicKey}
              </Sheet>
              {publicKey.data.checkpoint && (
                <Typography level="body-xs" sx={{ mt: 0.5 }}>
                  Latest signed checkpoint: position {n(publicKey.data.checkpoint.position)}, head{' '}
                  {publicKey.data.checkpoint.headHash.slice(0, 12)}…
                </Typography>
              )}
            </>
          )}
        </Box>
      )}
    </Sheet>
  );
}
