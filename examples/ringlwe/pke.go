package ringlwe

import (
	"crypto/sha3"
	"errors"
	"fmt"

	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/ntt"
	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

// MessageSize is the size in bytes of a message (256 bits), and of the
// seeds and coins.
const MessageSize = 32

// Scheme is the encryption scheme over R_q = Z_q[X]/(X^n+1), q the modulus
// named by M, with noise from the centred binomial distribution B_η.
type Scheme[M field.Modulus] struct {
	r   *poly.Ring[M]
	eta int
}

// New returns the scheme over the ring of spec s (s.Q must be M's modulus;
// complete or incomplete NTT) with noise B_η. n must be a multiple of 256:
// each message bit is spread over n/256 coefficients.
func New[M field.Modulus](s ntt.Spec, eta int) (*Scheme[M], error) {
	r, err := poly.NewRing[M](s)
	if err != nil {
		return nil, err
	}
	if r.N()%256 != 0 || eta < 1 || eta > sample.MaxEta {
		return nil, fmt.Errorf("ringlwe: need n a multiple of 256 and 1 ≤ η ≤ %d, got n = %d, η = %d", sample.MaxEta, r.N(), eta)
	}
	return &Scheme[M]{r: r, eta: eta}, nil
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

// errSize reports a key or ciphertext polynomial of the wrong length.
var errSize = errors.New("ringlwe: polynomial of the wrong length for this ring")

// KeyGen derives a key pair from a secret seed: (ρ, σ) = SHAKE-256(seed),
// a = Uniform(ρ) straight into the NTT domain, s, e from B_η(σ).
func (sc *Scheme[M]) KeyGen(seed *[MessageSize]byte) *PrivateKey[M] {
	ρσ := sha3.SumSHAKE256(seed[:], 2*MessageSize)
	sk := &PrivateKey[M]{S: sc.noiseNTT(ρσ[32:], 0)}
	sk.Public.Seed = [MessageSize]byte(ρσ[:32])
	sk.Public.B = sc.r.NewNTTPoly()
	sc.r.Mul(sk.Public.B, sc.a(&sk.Public), sk.S)
	sc.r.AddNTT(sk.Public.B, sk.Public.B, sc.noiseNTT(ρσ[32:], 1))
	clear(ρσ)
	return sk
}

// Encrypt encrypts m under pk with the given coins (s′, e′, e″ are drawn
// from them). It returns an error if pk does not belong to this ring.
func (sc *Scheme[M]) Encrypt(pk *PublicKey[M], m, coins *[MessageSize]byte) (*Ciphertext[M], error) {
	if len(pk.B) != sc.r.N() {
		return nil, errSize
	}
	s1 := sc.noiseNTT(coins[:], 0)
	ct := &Ciphertext[M]{U: sc.r.NewNTTPoly(), V: sc.r.NewPoly()}
	sc.r.Mul(ct.U, sc.a(pk), s1)
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

// a expands the public uniform polynomial â from pk.Seed (public: rejection
// sampling may branch on it).
func (sc *Scheme[M]) a(pk *PublicKey[M]) poly.NTTPoly[M] {
	a := sc.r.NewNTTPoly()
	sample.Uniform(a, pk.Seed[:], 0)
	return a
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
	var mod M
	sc.r.ScalarMul(p, p, field.New[M](uint64(mod.Params().Q()/2)))
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
	var mod M
	bound := int64(len(c)/256) * int64(mod.Params().Q()/4)
	for i, s := range sum {
		m[i/8] |= byte((bound-s)>>63&1) << (i % 8)
	}
}
