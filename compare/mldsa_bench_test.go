package compare

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// BenchmarkMLDSA44, BenchmarkMLDSA65 and BenchmarkMLDSA87 measure each
// parameter set in moduletto, crypto/mldsa and CIRCL in one run.
// Sub-benchmark names are <op>/impl=<impl>, grouped by operation for
// benchstat:
//
//	go test -run '^$' -bench MLDSA -count 10 | benchstat -col /impl -
//
// Operations:
//   - KeyGen: the key pair from a 32-byte seed.
//   - KeyGenFirstSign: the key pair from a seed, then one signature (see
//     newMLDSABench).
//   - Sign: deterministic signatures of 1024 different 64-byte messages in
//     turn (moduletto and CIRCL into a caller buffer; crypto/mldsa has only
//     the allocating form).
//   - Verify: parse the encoded public key, then verify.
//   - VerifyParsed: verify with a parsed key.
//
// Signing time depends on the number of rejection-loop iterations, so the
// Sign benchmarks time every signature and report the median and mean
// besides ns/op. They sign deterministically: all implementations then
// produce the same signatures and so run the same iterations for every
// message, which keeps the comparison fair even for short runs. (Hedged
// signing adds one 32-byte read from crypto/rand.) Every operation signs
// or verifies under a 17-byte context.
func BenchmarkMLDSA44(b *testing.B) { runMLDSABench(b, newMLDSABench(b, "ML-DSA-44")) }
func BenchmarkMLDSA65(b *testing.B) { runMLDSABench(b, newMLDSABench(b, "ML-DSA-65")) }
func BenchmarkMLDSA87(b *testing.B) { runMLDSABench(b, newMLDSABench(b, "ML-DSA-87")) }

func runMLDSABench(b *testing.B, bench mldsaBench) {
	for _, op := range bench.ops {
		for i, name := range bench.impls {
			b.Run(op.name+"/impl="+name, func(b *testing.B) {
				if op.name == "Sign" {
					timeSign(b, bench.sign[i], bench.msgs)
					return
				}
				b.ReportAllocs()
				for b.Loop() {
					op.run[i]()
				}
			})
		}
	}
}

// BenchmarkMLDSAPaired is BenchmarkMLDSA44, 65 and 87 with the
// implementations timed alternately inside one benchmark (see
// BenchmarkMLKEMPaired); Sign cycles through the messages, so its ratios
// are those of the mean times.
func BenchmarkMLDSAPaired(b *testing.B) {
	for _, set := range dsaSets {
		b.Run(strings.TrimPrefix(set.name, "ML-DSA-"), func(b *testing.B) {
			bench := newMLDSABench(b, set.name)
			for _, op := range bench.ops {
				b.Run(op.name, func(b *testing.B) { runPaired(b, bench.impls, op.run) })
			}
		})
	}
}

// mldsaOp is one benchmarked operation, run[i] that of implementation
// impls[i] of the mldsaBench.
type mldsaOp struct {
	name string
	run  []func()
}

// mldsaBench is the messages and operations of the ML-DSA benchmarks of one
// parameter set. impls names the implementations, moduletto's first;
// sign[i] signs one message deterministically in implementation i.
type mldsaBench struct {
	impls []string
	msgs  [][]byte
	ops   []mldsaOp // KeyGen, KeyGenFirstSign, Sign (cycling through msgs), Verify, VerifyParsed
	sign  []func(msg []byte) error
}

func newMLDSABench(b *testing.B, setName string) mldsaBench {
	set := dsaSetByName(setName)
	// Fixed inputs, unlike the tests': the first signature's time (and so
	// KeyGenFirstSign) depends on the message, and runs must compare.
	r := newRand([32]byte([]byte("moduletto ML-DSA benchmark input")))
	seed := randBytes(r, 32)
	msgs := make([][]byte, 1024)
	for i := range msgs {
		msgs[i] = randBytes(r, 64)
	}
	ctx := []byte("benchmark context")
	bench := mldsaBench{msgs: msgs}
	ops := []mldsaOp{{name: "KeyGen"}, {name: "KeyGenFirstSign"}, {name: "Sign"}, {name: "Verify"}, {name: "VerifyParsed"}}
	for _, impl := range set.impls {
		sk := impl.newKey(seed)
		pkBytes := sk.publicKey()
		sig := make([]byte, set.sigSize)  // output of the Sign benchmarks
		vsig := make([]byte, set.sigSize) // input of the Verify benchmarks
		if err := sk.signTo(vsig, msgs[0], ctx); err != nil {
			b.Fatal(err)
		}
		pk := must(impl.parse(pkBytes))
		// A parsed moduletto key keeps Â from its second verification on
		// (CIRCL's expands it when the key is parsed): two verifications
		// first, so that VerifyParsed measures the kept-matrix steady state.
		for range 2 {
			mustTrue(pk.verify(msgs[0], ctx, vsig))
		}
		var next int
		sign := func(msg []byte) error { return sk.signTo(sig, msg, ctx) }
		bench.impls = append(bench.impls, strings.ReplaceAll(impl.name, "/", "-"))
		bench.sign = append(bench.sign, sign)
		for i, f := range []func(){
			func() { impl.newKey(seed) },
			// A key signs for the first time: moduletto's first signature
			// computes the signing form (Â and the NTTs of s1, s2, t0) that
			// its key generation leaves out and CIRCL's computes, so this
			// row shows what that deferral costs a key that signs once.
			func() { must(0, impl.newKey(seed).signTo(sig, msgs[0], ctx)) },
			func() { must(0, sign(msgs[next%len(msgs)])); next++ },
			func() { mustTrue(must(impl.parse(pkBytes)).verify(msgs[0], ctx, vsig)) },
			func() { mustTrue(pk.verify(msgs[0], ctx, vsig)) },
		} {
			ops[i].run = append(ops[i].run, f)
		}
	}
	bench.ops = ops
	return bench
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
