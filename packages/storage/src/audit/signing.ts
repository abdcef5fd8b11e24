import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';

/** The installation's Ed25519 key: signs checkpoints and export manifests. */
export interface LogSigner {
  /** SPKI PEM of the public key, shown to auditors */
  publicKeyPem: string;
  /** base64 Ed25519 signature of the UTF-8 text */
  sign(text: string): string;
}

/** A new Ed25519 private key as PKCS#8 PEM. */
export function generateSigningKeyPem(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** A signer from a PKCS#8 PEM (or its base64 DER body, handy in an environment variable). */
export function createLogSigner(privateKey: string): LogSigner {
  const text = privateKey.trim();
  const key: KeyObject = text.startsWith('-----')
    ? createPrivateKey(text)
    : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('The signing key must be an Ed25519 key');
  const publicKeyPem = createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString();
  return { publicKeyPem, sign: (value) => sign(null, Buffer.from(value, 'utf8'), key).toString('base64') };
}

/** Checks a base64 Ed25519 signature of the text against an SPKI PEM public key. */
export function verifySignature(publicKeyPem: string, text: string, signature: string): boolean {
  try {
    return verify(null, Buffer.from(text, 'utf8'), createPublicKey(publicKeyPem), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
