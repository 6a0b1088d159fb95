package compare

import (
	"slices"
	"testing"
	"time"

	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
	"github.com/moduletto/moduletto/dsa/mldsa"
)

// BenchmarkMLDSA65 measures ML-DSA-65 side by side with CIRCL in one run.
// Sub-benchmark names group by operation for benchstat:
//
//	go test -run '^$' -bench MLDSA65 -count 10 | benchstat -col /impl -
//
// Signing time depends on the number of rejection-loop iterations, so the
// Sign benchmarks cycle through 1024 different messages, time every
// signature and report the median and mean besides ns/op. They sign
// deterministically: both implementations then produce the same signatures
// and so run the same iterations for every message, which keeps the
// comparison fair even for short runs. (Hedged signing adds one 32-byte
// read from crypto/rand.)
func BenchmarkMLDSA65(b *testing.B) {
	seed := make([]byte, 32)
	mldsaRand(3).Read(seed)
	p := newMLDSAPair(b, seed)
	pkBytes := p.pub.Bytes()
	msgs := make([][]byte, 1024)
	r := mldsaRand(4)
	for i := range msgs {
		msgs[i] = make([]byte, 64)
		r.Read(msgs[i])
	}
	ctx := []byte("benchmark context")
	opts := &mldsa.Options{Context: string(ctx)}
	sig := make([]byte, mldsa65.SignatureSize)  // output of the Sign benchmarks
	vsig := make([]byte, mldsa65.SignatureSize) // input of the Verify benchmarks
	if err := p.ours.SignTo(vsig, msgs[0], opts, true); err != nil {
		b.Fatal(err)
	}

	b.Run("KeyGen/impl=moduletto", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := mldsa.NewPrivateKey(mldsa.MLDSA65(), seed); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("KeyGen/impl=circl", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			mldsa65.NewKeyFromSeed((*[32]byte)(seed))
		}
	})

	// A key signs for the first time: moduletto's first signature computes
	// the signing form (Â and the NTTs of s1, s2, t0) that its key
	// generation leaves out and CIRCL's computes, so this pair shows what
	// that deferral costs a key that signs once.
	b.Run("KeyGenFirstSign/impl=moduletto", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sk, err := mldsa.NewPrivateKey(mldsa.MLDSA65(), seed)
			if err != nil {
				b.Fatal(err)
			}
			if err := sk.SignTo(sig, msgs[0], opts, true); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("KeyGenFirstSign/impl=circl", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, sk := mldsa65.NewKeyFromSeed((*[32]byte)(seed))
			if err := mldsa65.SignTo(sk, msgs[0], ctx, false, sig); err != nil {
				b.Fatal(err)
			}
		}
	})

	b.Run("Sign/impl=moduletto", func(b *testing.B) {
		timeSign(b, func(msg []byte) error { return p.ours.SignTo(sig, msg, opts, true) }, msgs)
	})
	b.Run("Sign/impl=circl", func(b *testing.B) {
		timeSign(b, func(msg []byte) error { return mldsa65.SignTo(p.cpriv, msg, ctx, false, sig) }, msgs)
	})

	b.Run("Verify/impl=moduletto", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			pk, err := mldsa.NewPublicKey(mldsa.MLDSA65(), pkBytes)
			if err != nil {
				b.Fatal(err)
			}
			if err := mldsa.Verify(pk, msgs[0], vsig, opts); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Verify/impl=circl", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var pk mldsa65.PublicKey
			if err := pk.UnmarshalBinary(pkBytes); err != nil {
				b.Fatal(err)
			}
			if !mldsa65.Verify(&pk, msgs[0], ctx, vsig) {
				b.Fatal("invalid")
			}
		}
	})

	b.Run("VerifyParsed/impl=moduletto", func(b *testing.B) {
		// A parsed key keeps Â from its second verification on (CIRCL's
		// expands it when the key is made): two verifications first, so
		// that the loop measures the kept-matrix steady state.
		for range 2 {
			if err := mldsa.Verify(p.pub, msgs[0], vsig, opts); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportAllocs()
		for b.Loop() {
			if err := mldsa.Verify(p.pub, msgs[0], vsig, opts); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("VerifyParsed/impl=circl", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if !mldsa65.Verify(p.cpub, msgs[0], ctx, vsig) {
				b.Fatal("invalid")
			}
		}
	})
}

// timeSign runs sign over the messages in turn, timing each call, and
// reports the median and mean duration per signature.
func timeSign(b *testing.B, sign func(msg []byte) error, msgs [][]byte) {
	b.ReportAllocs()
	d := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		if err := sign(msgs[i%len(msgs)]); err != nil {
			b.Fatal(err)
		}
		d = append(d, time.Since(start))
	}
	b.StopTimer()
	var sum time.Duration
	for _, x := range d {
		sum += x
	}
	slices.Sort(d)
	b.ReportMetric(float64(d[len(d)/2].Nanoseconds()), "ns/median")
	b.ReportMetric(float64(sum.Nanoseconds())/float64(len(d)), "ns/mean")
}
