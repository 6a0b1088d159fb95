package compare

import (
	stdmlkem "crypto/mlkem"
	"crypto/rand"
	"testing"

	"github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	"github.com/cloudflare/circl/kem/mlkem/mlkem512"
	"github.com/cloudflare/circl/kem/mlkem/mlkem768"

	"github.com/moduletto/moduletto/kem/mlkem"
)

// Side-by-side ML-KEM benchmarks: moduletto, crypto/mlkem (768, 1024) and
// CIRCL, in one run. Names are BenchmarkMLKEM<size>/<op>/impl=<impl>, so
// benchstat can compare implementations per operation:
//
//	go test -run '^$' -bench MLKEM -benchmem -count 10 . > out.txt
//	benchstat -col /impl out.txt
//
// Operations:
//   - KeyGen: key pair from a 64-byte seed (NewDecapsulationKey768 and the like).
//   - EncapsulateFromBytes: parse the peer's encapsulation key, then
//     encapsulate, as a server does with a client's key; results allocated
//     by every implementation.
//   - Encapsulate: with an already parsed key; results allocated (the
//     crypto/mlkem API; CIRCL's kem.Scheme API).
//   - EncapsulateTo: with a parsed key into caller buffers (no crypto/mlkem form).
//   - Decapsulate: results allocated (crypto/mlkem API; CIRCL's kem.Scheme API).
//   - DecapsulateTo: into a caller buffer (no crypto/mlkem form).
//   - DecapsulateFromSeed: build the decapsulation key from its stored 64-byte
//     seed (the crypto/mlkem storage form: key generation), then decapsulate.
//   - DecapsulateFromExpanded: import the FIPS 203 expanded decapsulation key
//     (with moduletto's §7.3 hash check; CIRCL's Unpack), then decapsulate
//     (no crypto/mlkem form).
//
// Every encapsulation draws its 32 random bytes from crypto/rand.

type mlkemBench struct {
	impl                 string
	keyGen               func(seed []byte)
	encapsulateFromBytes func(ek []byte)
	encapsulate          func()
	encapsulateTo        func() // nil: no caller-buffer form
	decapsulate          func(ct []byte)
	decapsulateTo        func(ct []byte) // nil: no caller-buffer form
	decapsulateFromSeed  func(seed, ct []byte)
	decapsulateFromExp   func(dk, ct []byte) // nil: no expanded-key import
}

// mlkemBenchSet is one parameter set: an encoded encapsulation key, a
// ciphertext for it, and the implementations.
type mlkemBenchSet struct {
	ek, ct         []byte
	seed, expanded []byte // the decapsulation key's 64-byte seed and FIPS 203 expanded form
	impls          []mlkemBench
}

// mlkemOps returns the benchmarked operations; run returns nil if the
// implementation lacks the operation.
func mlkemOps(set mlkemBenchSet) []mlkemOp {
	ek, ct := set.ek, set.ct
	seed := make([]byte, 64)
	rand.Read(seed)
	return []mlkemOp{
		{"KeyGen", func(i mlkemBench) func() { return func() { i.keyGen(seed) } }},
		{"EncapsulateFromBytes", func(i mlkemBench) func() { return func() { i.encapsulateFromBytes(ek) } }},
		{"Encapsulate", func(i mlkemBench) func() { return i.encapsulate }},
		{"EncapsulateTo", func(i mlkemBench) func() { return i.encapsulateTo }},
		{"Decapsulate", func(i mlkemBench) func() { return func() { i.decapsulate(ct) } }},
		{"DecapsulateTo", func(i mlkemBench) func() {
			if i.decapsulateTo == nil {
				return nil
			}
			return func() { i.decapsulateTo(ct) }
		}},
		{"DecapsulateFromSeed", func(i mlkemBench) func() { return func() { i.decapsulateFromSeed(set.seed, ct) } }},
		{"DecapsulateFromExpanded", func(i mlkemBench) func() {
			if i.decapsulateFromExp == nil {
				return nil
			}
			return func() { i.decapsulateFromExp(set.expanded, ct) }
		}},
	}
}

type mlkemOp struct {
	name string
	run  func(mlkemBench) func()
}

func runMLKEMBench(b *testing.B, set mlkemBenchSet) {
	for _, op := range mlkemOps(set) {
		b.Run(op.name, func(b *testing.B) {
			for _, impl := range set.impls {
				f := op.run(impl)
				if f == nil {
					continue
				}
				b.Run("impl="+impl.impl, func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						f()
					}
				})
			}
		})
	}
}

func BenchmarkMLKEM512(b *testing.B) { runMLKEMBench(b, mlkemBench512()) }

// mlkemBench512 prepares keys and a ciphertext and returns the ML-KEM-512
// operations of every implementation.
func mlkemBench512() mlkemBenchSet {
	dk := must(mlkem.GenerateKey512())
	ekBytes := dk.EncapsulationKey().Bytes()
	ek := must(mlkem.NewEncapsulationKey512(ekBytes))
	_, ct := ek.Encapsulate()
	k, c := make([]byte, mlkem.SharedKeySize), make([]byte, mlkem.CiphertextSize512)

	cpk, csk := mlkem512.NewKeyFromSeed(dk.Bytes())
	m := make([]byte, 32)
	return mlkemBenchSet{ekBytes, ct, dk.Bytes(), dk.ExpandedBytes(), []mlkemBench{
		{
			impl:   "moduletto",
			keyGen: func(seed []byte) { must(mlkem.NewDecapsulationKey512(seed)) },
			encapsulateFromBytes: func(b []byte) {
				must(mlkem.NewEncapsulationKey512(b)).Encapsulate()
			},
			encapsulate:   func() { ek.Encapsulate() },
			encapsulateTo: func() { ek.EncapsulateTo(k, c) },
			decapsulate:   func(ct []byte) { must(dk.Decapsulate(ct)) },
			decapsulateTo: func(ct []byte) { dk.DecapsulateTo(k, ct) },
			decapsulateFromSeed: func(seed, ct []byte) {
				must(0, must(mlkem.NewDecapsulationKey512(seed)).DecapsulateTo(k, ct))
			},
			decapsulateFromExp: func(b, ct []byte) {
				must(0, must(mlkem.NewDecapsulationKeyFromExpanded512(b)).DecapsulateTo(k, ct))
			},
		},
		{
			impl:   "circl",
			keyGen: func(seed []byte) { mlkem512.NewKeyFromSeed(seed) },
			encapsulateFromBytes: func(b []byte) {
				var pk mlkem512.PublicKey
				must(0, pk.Unpack(b))
				must2(mlkem512.Scheme().Encapsulate(&pk))
			},
			encapsulate:   func() { must2(mlkem512.Scheme().Encapsulate(cpk)) },
			encapsulateTo: func() { rand.Read(m); cpk.EncapsulateTo(c, k, m) },
			decapsulate:   func(ct []byte) { must(mlkem512.Scheme().Decapsulate(csk, ct)) },
			decapsulateTo: func(ct []byte) { csk.DecapsulateTo(k, ct) },
			decapsulateFromSeed: func(seed, ct []byte) {
				_, sk := mlkem512.NewKeyFromSeed(seed)
				sk.DecapsulateTo(k, ct)
			},
			decapsulateFromExp: func(b, ct []byte) {
				var sk mlkem512.PrivateKey
				must(0, sk.Unpack(b))
				sk.DecapsulateTo(k, ct)
			},
		},
	}}
}

func BenchmarkMLKEM768(b *testing.B) { runMLKEMBench(b, mlkemBench768()) }

// mlkemBench768 prepares keys and a ciphertext and returns the ML-KEM-768
// operations of every implementation.
func mlkemBench768() mlkemBenchSet {
	dk := must(mlkem.GenerateKey768())
	ekBytes := dk.EncapsulationKey().Bytes()
	ek := must(mlkem.NewEncapsulationKey768(ekBytes))
	_, ct := ek.Encapsulate()
	k, c := make([]byte, mlkem.SharedKeySize), make([]byte, mlkem.CiphertextSize768)

	sdk := must(stdmlkem.NewDecapsulationKey768(dk.Bytes()))
	sek := sdk.EncapsulationKey()
	cpk, csk := mlkem768.NewKeyFromSeed(dk.Bytes())
	m := make([]byte, 32)
	return mlkemBenchSet{ekBytes, ct, dk.Bytes(), dk.ExpandedBytes(), []mlkemBench{
		{
			impl:   "moduletto",
			keyGen: func(seed []byte) { must(mlkem.NewDecapsulationKey768(seed)) },
			encapsulateFromBytes: func(b []byte) {
				must(mlkem.NewEncapsulationKey768(b)).Encapsulate()
			},
			encapsulate:   func() { ek.Encapsulate() },
			encapsulateTo: func() { ek.EncapsulateTo(k, c) },
			decapsulate:   func(ct []byte) { must(dk.Decapsulate(ct)) },
			decapsulateTo: func(ct []byte) { dk.DecapsulateTo(k, ct) },
			decapsulateFromSeed: func(seed, ct []byte) {
				must(0, must(mlkem.NewDecapsulationKey768(seed)).DecapsulateTo(k, ct))
			},
			decapsulateFromExp: func(b, ct []byte) {
				must(0, must(mlkem.NewDecapsulationKeyFromExpanded768(b)).DecapsulateTo(k, ct))
			},
		},
		{
			impl:                 "crypto-mlkem",
			keyGen:               func(seed []byte) { must(stdmlkem.NewDecapsulationKey768(seed)) },
			encapsulateFromBytes: func(b []byte) { must(stdmlkem.NewEncapsulationKey768(b)).Encapsulate() },
			encapsulate:          func() { sek.Encapsulate() },
			decapsulate:          func(ct []byte) { must(sdk.Decapsulate(ct)) },
			decapsulateFromSeed: func(seed, ct []byte) {
				must(must(stdmlkem.NewDecapsulationKey768(seed)).Decapsulate(ct))
			},
		},
		{
			impl:   "circl",
			keyGen: func(seed []byte) { mlkem768.NewKeyFromSeed(seed) },
			encapsulateFromBytes: func(b []byte) {
				var pk mlkem768.PublicKey
				must(0, pk.Unpack(b))
				must2(mlkem768.Scheme().Encapsulate(&pk))
			},
			encapsulate:   func() { must2(mlkem768.Scheme().Encapsulate(cpk)) },
			encapsulateTo: func() { rand.Read(m); cpk.EncapsulateTo(c, k, m) },
			decapsulate:   func(ct []byte) { must(mlkem768.Scheme().Decapsulate(csk, ct)) },
			decapsulateTo: func(ct []byte) { csk.DecapsulateTo(k, ct) },
			decapsulateFromSeed: func(seed, ct []byte) {
				_, sk := mlkem768.NewKeyFromSeed(seed)
				sk.DecapsulateTo(k, ct)
			},
			decapsulateFromExp: func(b, ct []byte) {
				var sk mlkem768.PrivateKey
				must(0, sk.Unpack(b))
				sk.DecapsulateTo(k, ct)
			},
		},
	}}
}

func BenchmarkMLKEM1024(b *testing.B) { runMLKEMBench(b, mlkemBench1024()) }

// mlkemBench1024 prepares keys and a ciphertext and returns the ML-KEM-1024
// operations of every implementation.
func mlkemBench1024() mlkemBenchSet {
	dk := must(mlkem.GenerateKey1024())
	ekBytes := dk.EncapsulationKey().Bytes()
	ek := must(mlkem.NewEncapsulationKey1024(ekBytes))
	_, ct := ek.Encapsulate()
	k, c := make([]byte, mlkem.SharedKeySize), make([]byte, mlkem.CiphertextSize1024)

	sdk := must(stdmlkem.NewDecapsulationKey1024(dk.Bytes()))
	sek := sdk.EncapsulationKey()
	cpk, csk := mlkem1024.NewKeyFromSeed(dk.Bytes())
	m := make([]byte, 32)
	return mlkemBenchSet{ekBytes, ct, dk.Bytes(), dk.ExpandedBytes(), []mlkemBench{
		{
			impl:   "moduletto",
			keyGen: func(seed []byte) { must(mlkem.NewDecapsulationKey1024(seed)) },
			encapsulateFromBytes: func(b []byte) {
				must(mlkem.NewEncapsulationKey1024(b)).Encapsulate()
			},
			encapsulate:   func() { ek.Encapsulate() },
			encapsulateTo: func() { ek.EncapsulateTo(k, c) },
			decapsulate:   func(ct []byte) { must(dk.Decapsulate(ct)) },
			decapsulateTo: func(ct []byte) { dk.DecapsulateTo(k, ct) },
			decapsulateFromSeed: func(seed, ct []byte) {
				must(0, must(mlkem.NewDecapsulationKey1024(seed)).DecapsulateTo(k, ct))
			},
			decapsulateFromExp: func(b, ct []byte) {
				must(0, must(mlkem.NewDecapsulationKeyFromExpanded1024(b)).DecapsulateTo(k, ct))
			},
		},
		{
			impl:                 "crypto-mlkem",
			keyGen:               func(seed []byte) { must(stdmlkem.NewDecapsulationKey1024(seed)) },
			encapsulateFromBytes: func(b []byte) { must(stdmlkem.NewEncapsulationKey1024(b)).Encapsulate() },
			encapsulate:          func() { sek.Encapsulate() },
			decapsulate:          func(ct []byte) { must(sdk.Decapsulate(ct)) },
			decapsulateFromSeed: func(seed, ct []byte) {
				must(must(stdmlkem.NewDecapsulationKey1024(seed)).Decapsulate(ct))
			},
		},
		{
			impl:   "circl",
			keyGen: func(seed []byte) { mlkem1024.NewKeyFromSeed(seed) },
			encapsulateFromBytes: func(b []byte) {
				var pk mlkem1024.PublicKey
				must(0, pk.Unpack(b))
				must2(mlkem1024.Scheme().Encapsulate(&pk))
			},
			encapsulate:   func() { must2(mlkem1024.Scheme().Encapsulate(cpk)) },
			encapsulateTo: func() { rand.Read(m); cpk.EncapsulateTo(c, k, m) },
			decapsulate:   func(ct []byte) { must(mlkem1024.Scheme().Decapsulate(csk, ct)) },
			decapsulateTo: func(ct []byte) { csk.DecapsulateTo(k, ct) },
			decapsulateFromSeed: func(seed, ct []byte) {
				_, sk := mlkem1024.NewKeyFromSeed(seed)
				sk.DecapsulateTo(k, ct)
			},
			decapsulateFromExp: func(b, ct []byte) {
				var sk mlkem1024.PrivateKey
				must(0, sk.Unpack(b))
				sk.DecapsulateTo(k, ct)
			},
		},
	}}
}
