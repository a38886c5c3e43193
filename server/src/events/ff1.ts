// FF1, the format-preserving encryption of NIST SP 800-38G (§6.2) on AES: a keyed permutation of
// the numbers of n numerals in a radix, under a tweak. Event ids use it on 63 bits (DECISIONS
// 334), so that an id stays `evt_` and digits, unique, and says nothing of the sequence behind
// it. No maintained npm package implements FF1 (the registry's `ff3` is FF3-1, which NIST's 2025
// draft revision withdraws), so it is written here from the standard and checked against its
// nine sample vectors (ff1.test.ts). A numeral string is handled as the number it stands for:
// its first u numerals are the high part, so NUM(A) and NUM(B) are a quotient and a remainder.
import { type Cipher, createCipheriv } from 'node:crypto';

const ROUNDS = 10;

/** `value` as `length` bytes, big-endian. */
const bytesOf = (value: bigint, length: number): Buffer =>
  Buffer.from(value.toString(16).padStart(2 * length, '0'), 'hex');

/** a mod m, never negative. */
const modulo = (a: bigint, m: bigint) => ((a % m) + m) % m;

export class Ff1 {
  /** CIPH_K in ECB, one block at a time: each block is enciphered alone, so one cipher serves every call. */
  private readonly aes: Cipher;
  private readonly radix: bigint;
  private readonly u: number;
  private readonly v: number;
  /** Bytes of NUM(B) in Q, and of S. */
  private readonly b: number;
  private readonly d: number;

  constructor(
    key: Buffer,
    radix: number,
    /** n, the numerals of every value. */
    private readonly length: number,
  ) {
    if (![16, 24, 32].includes(key.length)) throw new Error('FF1 takes an AES key of 16, 24 or 32 bytes');
    if (radix < 2 || radix > 2 ** 16 || length < 2 || radix ** length < 1_000_000) {
      throw new Error('FF1 needs a radix from 2 to 65536 and at least a million values');
    }
    this.aes = createCipheriv(`aes-${key.length * 8}-ecb`, key, null).setAutoPadding(false);
    this.radix = BigInt(radix);
    this.u = Math.floor(length / 2);
    this.v = length - this.u;
    // ⌈⌈v·log2(radix)⌉ / 8⌉: the bits of radix^v − 1 are ⌈v·log2(radix)⌉.
    this.b = Math.ceil((this.radix ** BigInt(this.v) - 1n).toString(2).length / 8);
    this.d = 4 * Math.ceil(this.b / 4) + 4;
  }

  private cipher(block: Buffer): Buffer {
    return this.aes.update(block);
  }

  /** CIPH_K(P): P depends on the tweak's length alone, and is PRF's first block whatever Q is. */
  private readonly enciphered = new Map<number, Buffer>();

  private encipheredP(tweakLength: number): Buffer {
    let block = this.enciphered.get(tweakLength);
    if (!block) {
      const p = Buffer.concat([
        Buffer.from([1, 2, 1]),
        bytesOf(this.radix, 3),
        Buffer.from([10, this.u % 256]),
        bytesOf(BigInt(this.length), 4),
        bytesOf(BigInt(tweakLength), 4),
      ]);
      block = this.cipher(p);
      this.enciphered.set(tweakLength, block);
    }
    return block;
  }

  /** y of round `i`, from the half NUM(`half`) under `tweak`: NUM(S), S from PRF(P || Q). */
  private round(tweak: Buffer, i: number, half: bigint): bigint {
    // Q = T || 0^((−t−b−1) mod 16) || [i] || [NUM(B)]^b, a whole number of blocks.
    const q = Buffer.alloc(tweak.length + Number(modulo(BigInt(-tweak.length - this.b - 1), 16n)) + 1 + this.b);
    tweak.copy(q);
    q[q.length - this.b - 1] = i;
    bytesOf(half, this.b).copy(q, q.length - this.b);
    // PRF: the last block of P || Q enciphered in CBC mode from a zero IV.
    let r = this.encipheredP(tweak.length);
    for (let offset = 0; offset < q.length; offset += 16) {
      const block = q.subarray(offset, offset + 16);
      for (let j = 0; j < 16; j++) block[j] = block[j]! ^ r[j]!;
      r = this.cipher(block);
    }
    let s = r;
    for (let j = 1; j < Math.ceil(this.d / 16); j++) {
      const counter = bytesOf(BigInt(j), 16);
      for (let k = 0; k < 16; k++) counter[k] = counter[k]! ^ r[k]!;
      s = Buffer.concat([s, this.cipher(counter)]);
    }
    return BigInt(`0x${s.toString('hex', 0, this.d)}`);
  }

  /** NUM(A) and NUM(B) of a value. */
  private halves(value: bigint): [bigint, bigint] {
    if (value < 0n || value >= this.radix ** BigInt(this.length)) throw new RangeError('FF1: value out of the domain');
    const high = this.radix ** BigInt(this.v);
    return [value / high, value % high];
  }

  /** The numeral string of `value` encrypted under `tweak`, as a number. */
  encrypt(value: bigint, tweak: Buffer): bigint {
    let [a, b] = this.halves(value);
    for (let i = 0; i < ROUNDS; i++) {
      const m = BigInt(i % 2 === 0 ? this.u : this.v);
      [a, b] = [b, modulo(a + this.round(tweak, i, b), this.radix ** m)];
    }
    return a * this.radix ** BigInt(this.v) + b;
  }

  /** The inverse of `encrypt`. */
  decrypt(value: bigint, tweak: Buffer): bigint {
    let [a, b] = this.halves(value);
    for (let i = ROUNDS - 1; i >= 0; i--) {
      const m = BigInt(i % 2 === 0 ? this.u : this.v);
      [a, b] = [modulo(b - this.round(tweak, i, a), this.radix ** m), a];
    }
    return a * this.radix ** BigInt(this.v) + b;
  }
}
