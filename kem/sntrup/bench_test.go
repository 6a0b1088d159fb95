package sntrup_test

import (
	"testing"
	"time"

	"github.com/moduletto/moduletto/kem/mlkem"
	"github.com/moduletto/moduletto/kem/sntrup"
)

// BenchmarkSNTRUP761 times each operation on its own.
func BenchmarkSNTRUP761(b *testing.B) {
	dk, err := sntrup.GenerateKey761()
	if err != nil {
		b.Fatal(err)
	}
	ek := dk.EncapsulationKey()
	ss, ct := make([]byte, 32), make([]byte, sntrup.CiphertextSize761)
	if err := ek.EncapsulateTo(ss, ct); err != nil {
		b.Fatal(err)
	}
	b.Run("GenerateKey", func(b *testing.B) {
		for b.Loop() {
			if _, err := sntrup.GenerateKey761(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("GenerateKeys32", func(b *testing.B) {
		for b.Loop() {
			if _, err := sntrup.GenerateKeys761(32); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(32*b.N), "ns/key")
	})
	b.Run("Encapsulate", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			ek.EncapsulateTo(ss, ct)
		}
	})
	b.Run("EncapsulateFromBytes", func(b *testing.B) {
		pk := ek.Bytes()
		for b.Loop() {
			k, _ := sntrup.NewEncapsulationKey761(pk)
			k.EncapsulateTo(ss, ct)
		}
	})
	b.Run("Decapsulate", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			dk.DecapsulateTo(ss, ct)
		}
	})
}

// mlkemKeys keeps the keys of BenchmarkPairedMLKEM768's ML-KEM side.
var mlkemKeys [32]*mlkem.DecapsulationKey768

// BenchmarkPairedMLKEM768 times sntrup761 and this module's ML-KEM-768
// alternately, 8 operations at a time, and reports both times per
// operation and their ratio (ratio = sntrup761 ÷ ML-KEM-768), so that both
// sides of a ratio see the same load on a shared machine:
//
//	go test -run '^$' -bench PairedMLKEM768 -count 10 ./kem/sntrup | benchstat -
//
// Batch key generation is timed per key: one GenerateKeys761(32) against 32
// GenerateKey768 calls. Both sides keep the keys they generate, on the heap:
// sntrup761's are returned in a slice, and the ML-KEM-768 ones are stored in
// mlkemKeys (a dropped ML-KEM key would stay in the caller's frame, which
// is not what a batch of keys to use later costs).
func BenchmarkPairedMLKEM768(b *testing.B) {
	dk, err := sntrup.GenerateKey761()
	if err != nil {
		b.Fatal(err)
	}
	ek := dk.EncapsulationKey()
	ss, ct := make([]byte, 32), make([]byte, sntrup.CiphertextSize761)
	ek.EncapsulateTo(ss, ct)
	mdk, err := mlkem.GenerateKey768()
	if err != nil {
		b.Fatal(err)
	}
	mek := mdk.EncapsulationKey()
	mct := make([]byte, mlkem.CiphertextSize768)
	mek.EncapsulateTo(ss, mct)
	ops := []struct {
		name          string
		sntrup, mlkem func()
		per           int
	}{
		{"Encapsulate", func() { ek.EncapsulateTo(ss, ct) }, func() { mek.EncapsulateTo(ss, mct) }, 1},
		{"Decapsulate", func() { dk.DecapsulateTo(ss, ct) }, func() { mdk.DecapsulateTo(ss, mct) }, 1},
		{"GenerateKey", func() { sntrup.GenerateKey761() }, func() { mlkemKeys[0], _ = mlkem.GenerateKey768() }, 1},
		{"GenerateKeys32", func() { sntrup.GenerateKeys761(32) }, func() {
			for i := range mlkemKeys {
				mlkemKeys[i], _ = mlkem.GenerateKey768()
			}
		}, 32},
	}
	for _, op := range ops {
		b.Run(op.name, func(b *testing.B) {
			op.sntrup()
			op.mlkem()
			var ts, tm time.Duration
			for b.Loop() {
				start := time.Now()
				for range 8 {
					op.sntrup()
				}
				mid := time.Now()
				for range 8 {
					op.mlkem()
				}
				ts, tm = ts+mid.Sub(start), tm+time.Since(mid)
			}
			n := float64(8 * op.per * b.N)
			b.ReportMetric(float64(ts.Nanoseconds())/n, "sntrup761-ns/op")
			b.ReportMetric(float64(tm.Nanoseconds())/n, "mlkem768-ns/op")
			b.ReportMetric(float64(ts)/float64(tm), "ratio")
		})
	}
}
