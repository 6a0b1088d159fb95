// Package ringlwe is a Ring-LWE encryption scheme and KEM shaped like
// NewHope-CPA-PKE/KEM (q = 12289, n = 1024, η = 8), built only from field,
// ntt, poly.Ring and sample; another modulus type and spec give another ring.
// A demonstration, NOT a standardised or audited scheme and not NewHope (no
// compression, own sampling and encoding, no wire format), CPA-secure only:
// for real use take ML-KEM (kem/mlkem). See README.md.
package ringlwe

import (
	"crypto/rand"
	"crypto/sha3"
	"errors"
	"fmt"

	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/ntt"
	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

// MessageSize is the size in bytes of a message (256 bits), seed or coins.
const MessageSize = 32

// Q12289 names q = 12289 = 3·2^12 + 1 the way package field documents: a
// zero-size type whose Params returns one package-level *field.Params.
type Q12289 struct{}

var q12289 = field.MustParams(12289)

// Params returns the parameters of q = 12289.
func (Q12289) Params() *field.Params { return q12289 }

// NewHope1024 is q = 12289, n = 1024, a complete NTT (2048 | q − 1), η = 8.
func NewHope1024() *Scheme[Q12289] {
	s, err := New[Q12289](ntt.Spec{Q: 12289, N: 1024, Layers: 10}, 8)
	if err != nil {
		panic(err) // unreachable: the spec is valid
	}
	return s
}

// Scheme is the encryption scheme over R_q = Z_q[X]/(X^n+1), q the modulus
// named by M, with noise from the centred binomial distribution B_η.
type Scheme[M field.Modulus] struct {
	r      *poly.Ring[M]
	q, eta int
}

// New returns the scheme over the ring of spec s (s.Q must be M's modulus;
// complete or incomplete NTT) with noise B_η. n must be a multiple of 256:
// each message bit is spread over n/256 coefficients.
func New[M field.Modulus](s ntt.Spec, eta int) (*Scheme[M], error) {
	r, err := poly.NewRing[M](s)
	if err != nil {
		return nil, err
	}
	q := int(r.Spec().Q)
	if r.N()%256 != 0 || eta < 1 || eta > sample.MaxEta || eta >= q {
		return nil, fmt.Errorf("ringlwe: need n a multiple of 256 and 1 ≤ η ≤ %d, η < q; got n = %d, η = %d", sample.MaxEta, r.N(), eta)
	}
	return &Scheme[M]{r: r, q: q, eta: eta}, nil
}

// PublicKey is (ρ, b̂): the seed of the uniform polynomial a and b̂ = â∘ŝ + ê.
type PublicKey[M field.Modulus] struct {
	Seed [MessageSize]byte
	B    poly.NTTPoly[M]
}

// PrivateKey is the secret ŝ (NTT domain) with its public key.
type PrivateKey[M field.Modulus] struct {
	S      poly.NTTPoly[M]
	Public PublicKey[M]
}

// Ciphertext is (û, v): û = â∘ŝ′ + ê′ and v = b·s′ + e″ + Encode(m).
type Ciphertext[M field.Modulus] struct {
	U poly.NTTPoly[M]
	V poly.Poly[M]
}

var errSize = errors.New("ringlwe: polynomial of the wrong length for this ring")

// KeyGen derives a key pair from a secret seed: (ρ, σ) = SHAKE-256(seed),
// a = Uniform(ρ) straight into the NTT domain, s, e from B_η(σ).
func (sc *Scheme[M]) KeyGen(seed *[MessageSize]byte) *PrivateKey[M] {
	ρσ := sha3.SumSHAKE256(seed[:], 2*MessageSize)
	sk := &PrivateKey[M]{S: sc.noiseNTT(ρσ[32:], 0)}
	sk.Public.Seed = [MessageSize]byte(ρσ[:32])
	a, b := sc.r.NewNTTPoly(), sc.r.NewNTTPoly()
	sample.Uniform(a, ρσ[:32], 0) // public ρ: rejection sampling may branch
	sc.r.Mul(b, a, sk.S)
	sc.r.AddNTT(b, b, sc.noiseNTT(ρσ[32:], 1))
	sk.Public.B = b
	clear(ρσ)
	return sk
}

// Encrypt encrypts m under pk with the given coins (s′, e′, e″ are drawn
// from them). It returns an error if pk does not belong to this ring.
func (sc *Scheme[M]) Encrypt(pk *PublicKey[M], m, coins *[MessageSize]byte) (*Ciphertext[M], error) {
	if len(pk.B) != sc.r.N() {
		return nil, errSize
	}
	a, s1 := sc.r.NewNTTPoly(), sc.noiseNTT(coins[:], 0)
	sample.Uniform(a, pk.Seed[:], 0)
	ct := &Ciphertext[M]{U: sc.r.NewNTTPoly(), V: sc.r.NewPoly()}
	sc.r.Mul(ct.U, a, s1)
	sc.r.AddNTT(ct.U, ct.U, sc.noiseNTT(coins[:], 1))
	t := sc.r.NewNTTPoly()
	sc.r.Mul(t, pk.B, s1)
	sample.CenteredBinomial(ct.V, coins[:], 2, sc.eta)
	bs := sc.r.InverseNTT(t)
	sc.r.Add(ct.V, ct.V, bs)
	sc.encode(bs, m) // bs is free again: reuse it for Encode(m)
	sc.r.Add(ct.V, ct.V, bs)
	return ct, nil
}

// Decrypt returns Decode(v − INTT(û∘ŝ)) = Decode(Encode(m) + e·s′ − e′·s +
// e″). It returns an error if ct does not belong to this ring.
func (sc *Scheme[M]) Decrypt(sk *PrivateKey[M], ct *Ciphertext[M]) ([MessageSize]byte, error) {
	var m [MessageSize]byte
	if len(ct.U) != sc.r.N() || len(ct.V) != sc.r.N() || len(sk.S) != sc.r.N() {
		return m, errSize
	}
	t := sc.r.NewNTTPoly()
	sc.r.Mul(t, ct.U, sk.S)
	d := sc.r.InverseNTT(t)
	sc.r.Sub(d, ct.V, d)
	sc.decode(&m, d)
	return m, nil
}

// noiseNTT draws a polynomial from B_η(seed, nonce) and transforms it.
func (sc *Scheme[M]) noiseNTT(seed []byte, nonce uint16) poly.NTTPoly[M] {
	p := sc.r.NewPoly()
	sample.CenteredBinomial(p, seed, nonce, sc.eta)
	return sc.r.NTT(p)
}

// encode sets p = Encode(m): coefficient i is ⌊q/2⌋ times bit i mod 256 of
// m, so each bit is repeated n/256 times (as NewHope, 4 times for n = 1024).
func (sc *Scheme[M]) encode(p poly.Poly[M], m *[MessageSize]byte) {
	for i := range p {
		p[i] = field.New[M](uint64(m[i%256/8] >> (i % 8) & 1))
	}
	sc.r.ScalarMul(p, p, field.New[M](uint64(sc.q/2)))
}

// decode sets bit i of m to 1 if Σ_j |p[i+256j] mod± q| > (n/256)·⌊q/4⌋,
// without branches (the sums are secret).
func (sc *Scheme[M]) decode(m *[MessageSize]byte, p poly.Poly[M]) {
	c := make([]int32, sc.r.N())
	sc.r.Centered(c, p)
	var sum [256]int64
	for i, x := range c {
		sum[i%256] += int64(x^x>>31) - int64(x>>31) // |x|
	}
	bound := int64(len(c)/256) * int64(sc.q/4)
	for i, s := range sum {
		m[i/8] |= byte((bound-s)>>63&1) << (i % 8)
	}
}

// GenerateKey returns a key pair from a fresh random seed.
func (sc *Scheme[M]) GenerateKey() *PrivateKey[M] {
	var seed [MessageSize]byte
	rand.Read(seed[:])
	return sc.KeyGen(&seed)
}

// Encapsulate returns a shared key and its ciphertext for pk: a fresh
// random message m goes through EncapsulateDerand.
func (sc *Scheme[M]) Encapsulate(pk *PublicKey[M]) ([MessageSize]byte, *Ciphertext[M], error) {
	var m [MessageSize]byte
	rand.Read(m[:])
	return sc.EncapsulateDerand(pk, &m)
}

// EncapsulateDerand is Encapsulate with the message m given: (K, coins) =
// SHAKE-256(m), ciphertext = Encrypt(pk, m, coins). It is CPA-secure only,
// as NewHope-CPA-KEM.
func (sc *Scheme[M]) EncapsulateDerand(pk *PublicKey[M], m *[MessageSize]byte) ([MessageSize]byte, *Ciphertext[M], error) {
	kc := [2 * MessageSize]byte(sha3.SumSHAKE256(m[:], 2*MessageSize))
	ct, err := sc.Encrypt(pk, m, (*[MessageSize]byte)(kc[32:]))
	return [MessageSize]byte(kc[:32]), ct, err
}

// Decapsulate returns the shared key K = SHAKE-256(Decrypt(sk, ct))[:32],
// or an error if ct or sk does not belong to this ring.
func (sc *Scheme[M]) Decapsulate(sk *PrivateKey[M], ct *Ciphertext[M]) ([MessageSize]byte, error) {
	m, err := sc.Decrypt(sk, ct)
	if err != nil {
		return [MessageSize]byte{}, err
	}
	return [MessageSize]byte(sha3.SumSHAKE256(m[:], MessageSize)), nil
}
