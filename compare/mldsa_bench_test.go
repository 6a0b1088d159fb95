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
	bench := newMLDSABench(b)
	for _, op := range bench.ops[:2] { // KeyGen, KeyGenFirstSign
		runMLDSAOp(b, op)
	}
	b.Run("Sign/impl=moduletto", func(b *testing.B) { timeSign(b, bench.signOurs, bench.msgs) })
	b.Run("Sign/impl=circl", func(b *testing.B) { timeSign(b, bench.signCIRCL, bench.msgs) })
	for _, op := range bench.ops[2:] { // Verify, VerifyParsed
		runMLDSAOp(b, op)
	}
}

// BenchmarkMLDSA65Paired is BenchmarkMLDSA65 with the two implementations
// timed alternately inside one benchmark (see BenchmarkMLKEMPaired); Sign
// cycles through the messages, so its ratio is that of the mean times.
func BenchmarkMLDSA65Paired(b *testing.B) {
	bench := newMLDSABench(b)
	next := func(i *int) []byte { m := bench.msgs[*i%len(bench.msgs)]; *i++; return m }
	var io, ic int
	sign := mldsaOp{"Sign",
		func() { must(0, bench.signOurs(next(&io))) },
		func() { must(0, bench.signCIRCL(next(&ic))) }}
	for _, op := range append(bench.ops, sign) {
		b.Run(op.name, func(b *testing.B) {
			runPaired(b, []string{"moduletto", "circl"}, []func(){op.ours, op.circl})
		})
	}
}

// mldsaOp is one benchmarked ML-DSA-65 operation of each implementation.
type mldsaOp struct {
	name        string
	ours, circl func()
}

// runMLDSAOp benchmarks op's two implementations as sub-benchmarks
// op.name/impl=moduletto and op.name/impl=circl.
func runMLDSAOp(b *testing.B, op mldsaOp) {
	for _, impl := range []struct {
		name string
		f    func()
	}{{"moduletto", op.ours}, {"circl", op.circl}} {
		b.Run(op.name+"/impl="+impl.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				impl.f()
			}
		})
	}
}

// mldsaBench is the keys, messages and operations of the ML-DSA-65
// benchmarks.
type mldsaBench struct {
	msgs                [][]byte
	ops                 []mldsaOp // KeyGen, KeyGenFirstSign, Verify, VerifyParsed
	signOurs, signCIRCL func(msg []byte) error
}

func newMLDSABench(b *testing.B) mldsaBench {
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
	// A parsed key keeps Â from its second verification on (CIRCL's
	// expands it when the key is made): two verifications first, so that
	// VerifyParsed measures the kept-matrix steady state.
	for range 2 {
		if err := mldsa.Verify(p.pub, msgs[0], vsig, opts); err != nil {
			b.Fatal(err)
		}
	}
	return mldsaBench{
		msgs: msgs,
		ops: []mldsaOp{
			{"KeyGen",
				func() { must(mldsa.NewPrivateKey(mldsa.MLDSA65(), seed)) },
				func() { mldsa65.NewKeyFromSeed((*[32]byte)(seed)) }},
			// A key signs for the first time: moduletto's first signature
			// computes the signing form (Â and the NTTs of s1, s2, t0) that
			// its key generation leaves out and CIRCL's computes, so this
			// pair shows what that deferral costs a key that signs once.
			{"KeyGenFirstSign",
				func() { must(0, must(mldsa.NewPrivateKey(mldsa.MLDSA65(), seed)).SignTo(sig, msgs[0], opts, true)) },
				func() {
					_, sk := mldsa65.NewKeyFromSeed((*[32]byte)(seed))
					must(0, mldsa65.SignTo(sk, msgs[0], ctx, false, sig))
				}},
			{"Verify",
				func() { must(0, mldsa.Verify(must(mldsa.NewPublicKey(mldsa.MLDSA65(), pkBytes)), msgs[0], vsig, opts)) },
				func() {
					var pk mldsa65.PublicKey
					must(0, pk.UnmarshalBinary(pkBytes))
					mustTrue(mldsa65.Verify(&pk, msgs[0], ctx, vsig))
				}},
			{"VerifyParsed",
				func() { must(0, mldsa.Verify(p.pub, msgs[0], vsig, opts)) },
				func() { mustTrue(mldsa65.Verify(p.cpub, msgs[0], ctx, vsig)) }},
		},
		signOurs:  func(msg []byte) error { return p.ours.SignTo(sig, msg, opts, true) },
		signCIRCL: func(msg []byte) error { return mldsa65.SignTo(p.cpriv, msg, ctx, false, sig) },
	}
}

// mustTrue panics if a verification failed.
func mustTrue(ok bool) {
	if !ok {
		panic("compare: verification failed")
	}
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
