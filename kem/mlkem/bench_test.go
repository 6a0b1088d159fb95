package mlkem_test

import (
	"crypto/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/kem"
	"github.com/moduletto/moduletto/kem/mlkem"
)

// Benchmarks of the caller-buffer forms on every set of kernels, named
// BenchmarkMLKEM/<set>/<op>/backend=<name> for benchstat. The side-by-side
// comparison with crypto/mlkem and CIRCL lives in the compare module.
func BenchmarkMLKEM(b *testing.B) {
	for _, set := range paramSets {
		b.Run(set.name, func(b *testing.B) {
			seed := make([]byte, mlkem.SeedSize)
			rand.Read(seed)
			dk, ekBytes, err := set.newDK(seed)
			require.NoError(b, err)
			s, err := kem.Lookup(set.name)
			require.NoError(b, err)
			ek, err := s.NewEncapsulationKey(ekBytes)
			require.NoError(b, err)
			to := ek.(interface{ EncapsulateTo(k, c []byte) error })
			k, c := make([]byte, mlkem.SharedKeySize), make([]byte, set.ctSize)
			ops := []struct {
				name string
				f    func()
			}{
				{"KeyGen", func() { _, _, _ = set.newDK(seed) }},
				{"ParseEncapsulationKey", func() { _, _ = set.parseEK(ekBytes) }},
				{"EncapsulateTo", func() { _ = to.EncapsulateTo(k, c) }},
				{"DecapsulateTo", func() { _ = dk.DecapsulateTo(k, c) }},
			}
			for _, op := range ops {
				for _, k := range cpu.Available() {
					b.Run(op.name+"/backend="+k.String(), func(b *testing.B) {
						restore, err := cpu.Set(k)
						require.NoError(b, err)
						defer restore()
						b.ReportAllocs()
						for b.Loop() {
							op.f()
						}
					})
				}
			}
		})
	}
}
