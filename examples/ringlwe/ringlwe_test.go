package ringlwe

import (
	"crypto/sha3"
	"fmt"
	"math/bits"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/ntt"
	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

// q7681 is a second modulus: 7680 = 2^9·15, so it has a complete NTT for
// n = 256 and an incomplete one (8 layers, degree-2 base case) for n = 512.
type q7681 struct{}

var p7681 = field.MustParams(7681)

func (q7681) Params() *field.Params { return p7681 }

func mustNew[M field.Modulus](t testing.TB, s ntt.Spec, eta int) *Scheme[M] {
	sc, err := New[M](s, eta)
	require.NoError(t, err)
	return sc
}

// rings lists the parameter sets of the tests: NewHope-1024 and -512, two
// rings mod 7681 (complete and incomplete NTT) and ML-KEM's ring
// (q = 3329, 7 layers) with η = 2. count is the number of key pairs of the
// full run; new returns a *Scheme[M] for dispatch.
var rings = []struct {
	name  string
	count int
	new   func(testing.TB) any
}{
	{"q=12289/n=1024/eta=8", 1000, func(testing.TB) any { return NewHope1024() }},
	{"q=12289/n=512/eta=8", 300, func(t testing.TB) any {
		return mustNew[Q12289](t, ntt.Spec{Q: 12289, N: 512, Layers: 9}, 8)
	}},
	{"q=7681/n=256/eta=4", 300, func(t testing.TB) any {
		return mustNew[q7681](t, ntt.Spec{Q: 7681, N: 256, Layers: 8}, 4)
	}},
	{"q=7681/n=512/layers=8/eta=4", 300, func(t testing.TB) any {
		return mustNew[q7681](t, ntt.Spec{Q: 7681, N: 512, Layers: 8}, 4)
	}},
	{"q=3329/n=256/layers=7/eta=2", 300, func(t testing.TB) any {
		return mustNew[field.Q3329](t, ntt.Spec{Q: 3329, N: 256, Layers: 7}, 2)
	}},
}

// seed returns a deterministic 32-byte value for a label and an index.
func seed(label string, i int) *[MessageSize]byte {
	s := sha3.Sum256(fmt.Appendf(nil, "ringlwe test %s %d", label, i))
	return &s
}

func forEachRing(t *testing.T, f func(t *testing.T, count int, sc any)) {
	for _, r := range rings {
		count := r.count
		if testing.Short() {
			count = max(count/20, 10)
		}
		t.Run(r.name, func(t *testing.T) { f(t, count, r.new(t)) })
	}
}

// dispatch calls the function for sc's modulus: Go has no generic
// closures, so a table of schemes of different types goes through any.
func dispatch(t *testing.T, sc any, f12289 func(*Scheme[Q12289]), f7681 func(*Scheme[q7681]), f3329 func(*Scheme[field.Q3329])) {
	switch s := sc.(type) {
	case *Scheme[Q12289]:
		f12289(s)
	case *Scheme[q7681]:
		f7681(s)
	case *Scheme[field.Q3329]:
		f3329(s)
	default:
		t.Fatalf("unexpected scheme %T", sc)
	}
}

// TestRoundTrip encrypts and encapsulates under count key pairs and
// requires every decryption to return the message exactly: at these
// parameters a failure has probability far below 2^−100 (NewHope-1024:
// about 2^−216 even with compression). It logs the largest noise
// coefficient seen against the decoding bound q/4.
func TestRoundTrip(t *testing.T) {
	forEachRing(t, func(t *testing.T, count int, sc any) {
		dispatch(t, sc, func(s *Scheme[Q12289]) { roundTrip(t, s, count) },
			func(s *Scheme[q7681]) { roundTrip(t, s, count) },
			func(s *Scheme[field.Q3329]) { roundTrip(t, s, count) })
	})
}

func roundTrip[M field.Modulus](t *testing.T, sc *Scheme[M], count int) {
	var maxNoise int32
	failures := 0
	for i := range count {
		sk := sc.KeyGen(seed("keygen", i))
		m, coins := seed("message", i), seed("coins", i)
		ct, err := sc.Encrypt(&sk.Public, m, coins)
		require.NoError(t, err)
		got, err := sc.Decrypt(sk, ct)
		require.NoError(t, err)
		if got != *m {
			failures++
		}
		maxNoise = max(maxNoise, noise(sc, sk, ct, m))

		key, ct, err := sc.EncapsulateDerand(&sk.Public, m)
		require.NoError(t, err)
		key2, err := sc.Decapsulate(sk, ct)
		require.NoError(t, err)
		assert.Equal(t, key, key2, "key pair %d", i)
	}
	var mod M
	q := int32(mod.Params().Q())
	t.Logf("%d key pairs, largest |noise| coefficient %d, decoding bound q/4 = %d", count, maxNoise, q/4)
	assert.Zero(t, failures, "decryption failures")
	assert.Less(t, maxNoise, q/4)
}

// noise returns max_i |(v − INTT(û∘ŝ) − Encode(m))_i| mod± q.
func noise[M field.Modulus](sc *Scheme[M], sk *PrivateKey[M], ct *Ciphertext[M], m *[MessageSize]byte) int32 {
	t := sc.r.NewNTTPoly()
	sc.r.Mul(t, ct.U, sk.S)
	d := sc.r.InverseNTT(t)
	sc.r.Sub(d, ct.V, d)
	enc := sc.r.NewPoly()
	sc.encode(enc, m)
	sc.r.Sub(d, d, enc)
	c := make([]int32, sc.r.N())
	sc.r.Centered(c, d)
	var worst int32
	for _, x := range c {
		worst = max(worst, x, -x)
	}
	return worst
}

// TestMatchesSchoolbook recomputes b = a·s + e, u = a·s′ + e′ and
// v = b·s′ + e″ + ⌊q/2⌋·m with a plain O(n²) negacyclic product in int64
// arithmetic, from the same seeds and samplers, and compares with the
// NTT-domain computation of KeyGen and Encrypt.
func TestMatchesSchoolbook(t *testing.T) {
	forEachRing(t, func(t *testing.T, _ int, sc any) {
		dispatch(t, sc, func(s *Scheme[Q12289]) { schoolbook(t, s) },
			func(s *Scheme[q7681]) { schoolbook(t, s) },
			func(s *Scheme[field.Q3329]) { schoolbook(t, s) })
	})
}

func schoolbook[M field.Modulus](t *testing.T, sc *Scheme[M]) {
	var mod M
	q, n := int64(mod.Params().Q()), sc.r.N()
	draw := func(seed []byte, nonce uint16) []int64 {
		p := make([]field.ModN[M], n)
		sample.CenteredBinomial(p, seed, nonce, sc.eta)
		return ints(p)
	}
	mulAdd := func(a, b, e []int64) []int64 { // a·b + e mod (X^n + 1, q)
		r := append([]int64{}, e...)
		for i := range n {
			for j := range n {
				k, c := i+j, a[i]*b[j]
				if k >= n {
					k, c = k-n, -c
				}
				r[k] = ((r[k]+c)%q + q) % q
			}
		}
		return r
	}
	sk := sc.KeyGen(seed("schoolbook", 0))
	ρσ := sha3.SumSHAKE256(seed("schoolbook", 0)[:], 64)
	require.Equal(t, ρσ[:32], sk.Public.Seed[:])
	â := sc.r.NewNTTPoly()
	sample.Uniform(â, ρσ[:32], 0)
	a := ints(sc.r.InverseNTT(â))
	b := mulAdd(a, draw(ρσ[32:], 0), draw(ρσ[32:], 1))
	assert.Equal(t, b, ints(sc.r.InverseNTT(append(poly.NTTPoly[M]{}, sk.Public.B...))), "b = a·s + e")

	m, coins := seed("schoolbook m", 0), seed("schoolbook coins", 0)
	ct, err := sc.Encrypt(&sk.Public, m, coins)
	require.NoError(t, err)
	s1 := draw(coins[:], 0)
	assert.Equal(t, mulAdd(a, s1, draw(coins[:], 1)), ints(sc.r.InverseNTT(ct.U)), "u = a·s′ + e′")
	e2 := draw(coins[:], 2)
	for i := range e2 {
		e2[i] = (e2[i] + int64(m[i%256/8]>>(i%8)&1)*(q/2)) % q
	}
	assert.Equal(t, mulAdd(b, s1, e2), ints(ct.V), "v = b·s′ + e″ + ⌊q/2⌋·m")
}

func ints[M field.Modulus](p []field.ModN[M]) []int64 {
	out := make([]int64, len(p))
	for i, c := range p {
		out[i] = int64(c.Value())
	}
	return out
}

// TestWrongKey decrypts under another key pair: the result must differ from
// the message, in about half of its 256 bits, and the KEM keys must differ.
func TestWrongKey(t *testing.T) {
	forEachRing(t, func(t *testing.T, count int, sc any) {
		dispatch(t, sc, func(s *Scheme[Q12289]) { wrongKey(t, s, count/10+5) },
			func(s *Scheme[q7681]) { wrongKey(t, s, count/10+5) },
			func(s *Scheme[field.Q3329]) { wrongKey(t, s, count/10+5) })
	})
}

func wrongKey[M field.Modulus](t *testing.T, sc *Scheme[M], count int) {
	for i := range count {
		sk, other := sc.KeyGen(seed("wrong a", i)), sc.KeyGen(seed("wrong b", i))
		m := seed("wrong m", i)
		key, ct, err := sc.EncapsulateDerand(&sk.Public, m)
		require.NoError(t, err)
		got, err := sc.Decrypt(other, ct)
		require.NoError(t, err)
		diff := 0
		for j := range got {
			diff += bits.OnesCount8(got[j] ^ m[j])
		}
		// Binomial(256, 1/2): outside [64, 192] with probability < 2^−40.
		assert.True(t, diff >= 64 && diff <= 192, "key pair %d: %d of 256 bits differ", i, diff)
		key2, err := sc.Decapsulate(other, ct)
		require.NoError(t, err)
		assert.NotEqual(t, key, key2, "key pair %d", i)
	}
}

// TestBadInput: keys and ciphertexts of another ring, and bad parameters,
// give errors, not panics.
func TestBadInput(t *testing.T) {
	sc := NewHope1024()
	small := mustNew[Q12289](t, ntt.Spec{Q: 12289, N: 512, Layers: 9}, 8)
	sk, other := sc.KeyGen(seed("bad", 0)), small.KeyGen(seed("bad", 1))
	m := seed("bad m", 0)
	_, _, err := sc.EncapsulateDerand(&other.Public, m)
	assert.Error(t, err, "public key of n = 512 under n = 1024")
	_, ct, err := small.EncapsulateDerand(&other.Public, m)
	require.NoError(t, err)
	_, err = sc.Decapsulate(sk, ct)
	assert.Error(t, err, "ciphertext of n = 512 under n = 1024")
	_, err = sc.Decapsulate(sk, &Ciphertext[Q12289]{})
	assert.Error(t, err, "empty ciphertext")
	_, err = sc.Decrypt(other, &Ciphertext[Q12289]{U: sc.r.NewNTTPoly(), V: sc.r.NewPoly()})
	assert.Error(t, err, "secret key of n = 512 under n = 1024")

	for name, f := range map[string]func() error{
		"n=128":           func() error { _, err := New[Q12289](ntt.Spec{N: 128, Layers: 7}, 8); return err },
		"eta=0":           func() error { _, err := New[Q12289](ntt.Spec{N: 1024, Layers: 10}, 0); return err },
		"eta=17":          func() error { _, err := New[Q12289](ntt.Spec{N: 1024, Layers: 10}, 17); return err },
		"q=7681 as 12289": func() error { _, err := New[Q12289](ntt.Spec{Q: 7681, N: 256, Layers: 8}, 4); return err },
		"q=7681/n=1024/layers=10": func() error {
			_, err := New[q7681](ntt.Spec{N: 1024, Layers: 10}, 4) // 2^11 does not divide 7680
			return err
		},
	} {
		assert.Error(t, f(), name)
	}
}

func BenchmarkKEM(b *testing.B) {
	benchKEM(b, "q=12289/n=1024/eta=8", NewHope1024())
	benchKEM(b, "q=7681/n=256/eta=4", mustNew[q7681](b, ntt.Spec{Q: 7681, N: 256, Layers: 8}, 4))
}

func benchKEM[M field.Modulus](b *testing.B, name string, sc *Scheme[M]) {
	sk := sc.KeyGen(seed("bench", 0))
	_, ct, err := sc.Encapsulate(&sk.Public)
	require.NoError(b, err)
	b.Run(name+"/KeyGen", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sc.KeyGen(seed("bench", 1))
		}
	})
	b.Run(name+"/Encaps", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sc.Encapsulate(&sk.Public)
		}
	})
	b.Run(name+"/Decaps", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sc.Decapsulate(sk, ct)
		}
	})
}
