import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../src/audit/canonical-json';
import { GENESIS_HASH, canonicalEnvelope, chainHash } from '../src/audit/hash-chain';
import { createLogSigner, generateSigningKeyPem, verifySignature } from '../src/audit/signing';

const fromHex = (hex: string) => {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
};

describe('RFC 8785 canonical JSON', () => {
  it('canonicalises the RFC example (3.2.2): sorted keys, ECMAScript numbers and strings', () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],' +
        ' "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    );
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts member names by UTF-16 code units (RFC 8785 3.2.3)', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    const keys = Object.keys(JSON.parse(canonicalJson(input)) as object);
    // JSON.parse keeps insertion order except integer-like keys, which come first: compare the text
    expect(canonicalJson(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
    expect(keys).toHaveLength(7);
  });

  it('writes numbers as the RFC 8785 appendix B samples', () => {
    const samples: [string, string][] = [
      ['0000000000000000', '0'],
      ['8000000000000000', '0'],
      ['0000000000000001', '5e-324'],
      ['8000000000000001', '-5e-324'],
      ['7fefffffffffffff', '1.7976931348623157e+308'],
      ['ffefffffffffffff', '-1.7976931348623157e+308'],
      ['4340000000000000', '9007199254740992'],
      ['c340000000000000', '-9007199254740992'],
      ['4430000000000000', '295147905179352830000'],
      ['44b52d02c7e14af5', '9.999999999999997e+22'],
      ['44b52d02c7e14af6', '1e+23'],
      ['44b52d02c7e14af7', '1.0000000000000001e+23'],
      ['444b1ae4d6e2ef4e', '999999999999999700000'],
      ['444b1ae4d6e2ef4f', '999999999999999900000'],
      ['444b1ae4d6e2ef50', '1e+21'],
      ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
      ['3eb0c6f7a0b5ed8d', '0.000001'],
      ['41b3de4355555553', '333333333.3333332'],
      ['41b3de4355555554', '333333333.33333325'],
      ['41b3de4355555555', '333333333.3333333'],
      ['41b3de4355555556', '333333333.3333334'],
      ['41b3de4355555557', '333333333.33333343'],
      ['becbf647612f3696', '-0.0000033333333333333333'],
      ['43143ff3c1cb0959', '1424953923781206.2'],
    ];
    for (const [hex, text] of samples) expect(canonicalJson(fromHex(hex)), hex).toBe(text);
  });

  it('rejects numbers JSON cannot hold and leaves out undefined members like JSON.stringify', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow();
    expect(() => canonicalJson({ a: Number.POSITIVE_INFINITY })).toThrow();
    expect(canonicalJson({ b: undefined, a: [undefined, 1] })).toBe('{"a":[null,1]}');
    const value = { z: { y: 1, x: [true, 'é'] }, a: null };
    expect(canonicalJson(value)).toBe(canonicalJson(JSON.parse(JSON.stringify(value))));
  });
});

describe('hash chain', () => {
  const envelope = {
    position: 1,
    stream: 'candidate-1',
    revision: 0,
    type: 'CandidateCreated',
    data: { lastName: 'Doe', firstName: 'Jane' },
    metadata: { actor: { id: 'u1', name: 'Ann' }, occurredAt: '2026-01-01T00:00:00.000Z' },
  };

  it('hashes SHA-256 of the previous hash text and the canonical envelope', async () => {
    const { createHash } = await import('node:crypto');
    expect(canonicalEnvelope(envelope)).toBe(
      '{"data":{"firstName":"Jane","lastName":"Doe"},"metadata":{"actor":{"id":"u1","name":"Ann"},"occurredAt":"2026-01-01T00:00:00.000Z"},"position":1,"revision":0,"stream":"candidate-1","type":"CandidateCreated"}',
    );
    const expected = createHash('sha256')
      .update(GENESIS_HASH + canonicalEnvelope(envelope))
      .digest('hex');
    expect(chainHash(GENESIS_HASH, envelope)).toBe(expected);
  });

  it('changes with any byte of the content, the position or the previous hash', () => {
    const base = chainHash(GENESIS_HASH, envelope);
    expect(chainHash(GENESIS_HASH, { ...envelope, data: { firstName: 'Jane', lastName: 'Dow' } })).not.toBe(base);
    expect(chainHash(GENESIS_HASH, { ...envelope, position: 2 })).not.toBe(base);
    expect(chainHash(base, envelope)).not.toBe(base);
    // key order of the content does not matter (it is canonical)
    expect(chainHash(GENESIS_HASH, { ...envelope, data: { firstName: 'Jane', lastName: 'Doe' } })).toBe(base);
  });

  it('signs and verifies with an Ed25519 key, from PEM and from base64 DER', () => {
    const pem = generateSigningKeyPem();
    const signer = createLogSigner(pem);
    const signature = signer.sign('checkpoint');
    expect(verifySignature(signer.publicKeyPem, 'checkpoint', signature)).toBe(true);
    expect(verifySignature(signer.publicKeyPem, 'checkpoinT', signature)).toBe(false);
    const der = pem.replace(/-----[^-]+-----/g, '').replace(/\s/g, '');
    expect(createLogSigner(der).publicKeyPem).toBe(signer.publicKeyPem);
  });
});
