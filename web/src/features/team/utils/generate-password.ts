/** No 0/O, 1/l/I: a password read out or copied by hand survives. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password for a reset: four groups of four (e.g. `k7Qm-x2Rb-…`), ~90 bits, well past the 12-character rule. */
export function generatePassword(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(16));
  let out = '';
  for (let i = 0; i < 16; i++) {
    if (i > 0 && i % 4 === 0) out += '-';
    out += ALPHABET[bytes[i]! % ALPHABET.length];
  }
  return out;
}
