/** bits per id in each layer, and bits set per id: about 0.3 % false positives per full layer */
const BITS_PER_ID = 12;
const PROBES = 8;
/** the first layer: 2^17 bits (16 KB) for about 11,000 ids; each next layer doubles */
const FIRST_LAYER_BITS = 17;

type Layer = { bits: Uint32Array; mask: number; capacity: number; count: number };

let h1 = 0;
let h2 = 0;

/** two independent 32-bit hashes of `id` into h1 and h2 (h2 odd), without allocating */
function hash(id: string): void {
  let a = 0x811c9dc5;
  let b = 0x9747b28c ^ id.length;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  // final mixes (murmur3's), so every bit of the id reaches every bit of the hash
  a ^= a >>> 16;
  a = Math.imul(a, 0x85ebca6b);
  a ^= a >>> 13;
  a = Math.imul(a, 0xc2b2ae35);
  a ^= a >>> 16;
  b ^= b >>> 16;
  b = Math.imul(b, 0x85ebca6b);
  b ^= b >>> 13;
  b = Math.imul(b, 0xc2b2ae35);
  b ^= b >>> 16;
  h1 = a >>> 0;
  h2 = (b | 1) >>> 0;
}

function layerHas(layer: Layer): boolean {
  for (let i = 0; i < PROBES; i++) {
    const bit = (h1 + Math.imul(i, h2)) & layer.mask;
    if ((layer.bits[bit >>> 5]! & (1 << (bit & 31))) === 0) return false;
  }
  return true;
}

function layerAdd(layer: Layer): void {
  for (let i = 0; i < PROBES; i++) {
    const bit = (h1 + Math.imul(i, h2)) & layer.mask;
    layer.bits[bit >>> 5]! |= 1 << (bit & 31);
  }
  layer.count++;
}

function newLayer(log2Bits: number): Layer {
  const size = 2 ** log2Bits;
  return { bits: new Uint32Array(size / 32), mask: size - 1, capacity: Math.floor(size / BITS_PER_ID), count: 0 };
}

/**
 * A set of ids that answers "maybe in it" or "surely not" in about 1.5 bytes per id (a Bloom
 * filter that adds a layer of twice the size whenever the last one is full), where a Set of the
 * same ids takes 80–100 bytes each. For what a rebuild has written: a false "maybe" costs an
 * upsert instead of an insert, or a lookup that finds nothing; never a wrong document.
 * Measured: 0.3–1 % false positives over a million random UUIDs.
 */
export class IdFilter {
  private readonly layers: Layer[] = [newLayer(FIRST_LAYER_BITS)];

  /** whether `id` may have been added (false: it surely was not) */
  mightHave(id: string): boolean {
    hash(id);
    for (const layer of this.layers) if (layerHas(layer)) return true;
    return false;
  }

  add(id: string): void {
    hash(id);
    for (const layer of this.layers) if (layerHas(layer)) return;
    let last = this.layers[this.layers.length - 1]!;
    if (last.count >= last.capacity) {
      last = newLayer(Math.log2(last.bits.length * 32) + 1);
      this.layers.push(last);
    }
    layerAdd(last);
  }

  /** the memory its bits take */
  get bytes(): number {
    return this.layers.reduce((n, layer) => n + layer.bits.byteLength, 0);
  }
}
